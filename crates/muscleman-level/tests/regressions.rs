//! Regression tests for bugs found by fuzzing (`fuzz/`), each named after
//! what it found.

use muscleman_level::Collection;

/// Found by the `level_reader` fuzzer: the printer replaced a carriage
/// return inside a header comment or the collection title with a space, so
/// print then read changed the collection. Inside a line a `\r` is plain
/// text to the reader (only a line's last `\r` belongs to its line ending).
#[test]
fn a_carriage_return_inside_a_header_comment_or_title_survives_print_and_read() {
    for text in [
        "; a\rb\n;\n#@#\n",
        "; header\n\nTitle: x\ry\n\n#@#\n",
        "; one\n;\0\r\0\n\n; Second\n#.@#\n",
    ] {
        let collection = Collection::parse(text).unwrap();
        let printed = collection.to_text();
        assert_eq!(
            Collection::parse(&printed).unwrap(),
            collection,
            "{text:?} printed as {printed:?}"
        );
    }
}
