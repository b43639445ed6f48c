extends SceneTree
## Run every test suite headless: `godot --headless --script tests/run.gd`
## from the project folder. Prints one line per test and "N passed,
## M failed"; the exit code is 0 only when every test passed.

const SUITES: Array[String] = [
	"res://tests/test_node.gd",
	"res://tests/test_scene.gd",
	"res://tests/test_world.gd",
	"res://tests/test_ghosts.gd",
	"res://tests/test_progress.gd",
	"res://tests/test_files.gd",
	"res://tests/test_about.gd",
	"res://tests/test_hint.gd",
]


func _initialize() -> void:
	var passed := 0
	var failed := 0
	if not ClassDB.class_exists("MusclemanGame"):
		printerr("FAIL: the MusclemanGame class is not registered (is the extension built?)")
		failed += 1
	else:
		for path in SUITES:
			var suite: RefCounted = load(path).new()
			suite.tree = self
			for method: Dictionary in suite.get_method_list():
				var name: String = method["name"]
				if not name.begins_with("test_"):
					continue
				suite.failures.clear()
				await suite.call(name)
				if suite.failures.is_empty():
					passed += 1
					print("ok   %s %s" % [path.get_file(), name])
				else:
					failed += 1
					print("FAIL %s %s" % [path.get_file(), name])
					for failure: String in suite.failures:
						print("       " + failure)
	print("%d passed, %d failed" % [passed, failed])
	quit(1 if failed > 0 else 0)

