//! The plan's smoke test: the toolchain builds and runs a test.

#[test]
fn toolchain_works() {
    assert_eq!(1 + 1, 2);
}
