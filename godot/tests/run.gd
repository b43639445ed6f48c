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
	await _let_the_sounds_go()
	quit(1 if failed > 0 else 0)


## Let the audio server let go of the sounds the last scenes played. A
## sound still playing when its player is freed is stopped by the audio
## server's mixing thread, then dropped by its next update on the main
## thread; quitting before both ran leaves the playback and its stream
## (an `AudioStreamPlaybackWAV` and its `AudioStreamWAV`) to be reported
## as leaked at exit. A few mixes' time (the Dummy driver mixes every
## 12 ms or so) and frames is enough.
func _let_the_sounds_go() -> void:
	for i in 8:
		OS.delay_msec(15)
		await process_frame
