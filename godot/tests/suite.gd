extends RefCounted
## The base of every test suite: checks that record failures, a signal
## recorder and small level helpers. `run.gd` calls each `test_*` method.

## The action of each MOVES letter (rules.md §7; a capital is the same action).
const MOVE_ACTIONS := {
	"u": "up", "r": "right", "d": "down", "l": "left", "w": "wait", "g": "grab", "p": "drop",
	"[": "swing_left", "]": "swing_right", "z": "undo", "y": "redo", "!": "restart",
}

## The scene tree the tests run in.
var tree: SceneTree
## The failures of the test running now.
var failures: Array[String] = []


## Record a failure unless `cond` holds.
func check(cond: bool, what: String) -> void:
	if not cond:
		failures.append(what)


## Record a failure unless `got` equals `want`.
func check_eq(got: Variant, want: Variant, what: String) -> void:
	if typeof(got) != typeof(want) or got != want:
		failures.append("%s: got %s, want %s" % [what, var_to_str(got), var_to_str(want)])


## Return the main scene (not yet in the tree), its progress kept in a
## fresh folder of its own, or in `dir` to read what was kept there before.
func new_main(dir: String = "") -> Node:
	var main: Node = load("res://main.tscn").instantiate()
	main.progress_dir = dir if not dir.is_empty() else fresh_dir()
	return main


## Return a new empty folder under `user://tests/`.
func fresh_dir() -> String:
	var dir := "user://tests/%d-%d" % [Time.get_ticks_usec(), randi()]
	DirAccess.make_dir_recursive_absolute(dir)
	return dir


## Make a MusclemanGame node (freed by the caller).
func new_game() -> Object:
	return ClassDB.instantiate("MusclemanGame")


## Return a new game, every signal it declares recorded into `log`, that
## has loaded `level` (a failure to load is a failure).
func recorded(level: String, log: Array) -> Object:
	var game := new_game()
	record(game, log)
	check(game.load_level(level, 0), "load")
	return game


## Record every signal `game` declares into `log` as [name, args...].
func record(game: Object, log: Array) -> void:
	for info: Dictionary in game.get_signal_list():
		var name: String = info["name"]
		if not name in game.signal_names():
			continue
		var add := func(args: Array) -> void: log.append([name] + args)
		match info["args"].size():
			0:
				game.connect(name, func() -> void: add.call([]))
			1:
				game.connect(name, func(a: Variant) -> void: add.call([a]))
			2:
				game.connect(name, func(a: Variant, b: Variant) -> void: add.call([a, b]))
			3:
				game.connect(
					name, func(a: Variant, b: Variant, c: Variant) -> void: add.call([a, b, c])
				)
			4:
				game.connect(
					name,
					func(a: Variant, b: Variant, c: Variant, d: Variant) -> void:
						add.call([a, b, c, d])
				)
			5:
				game.connect(
					name,
					func(a: Variant, b: Variant, c: Variant, d: Variant, e: Variant) -> void:
						add.call([a, b, c, d, e])
				)


## Return the id of the first entity of `kind` at `cell`, or 0.
func id_at(game: Object, cell: Vector2i, kind: String) -> int:
	for e: Dictionary in game.cell(cell):
		if e["kind"] == kind:
			return e["id"]
	return 0


## Return the kinds of a list of entity dictionaries, in order.
func kinds(entities: Array) -> Array:
	return entities.map(func(e: Dictionary) -> String: return e["kind"])


## Press and release key `code` (by its physical key), a frame each, as a
## player would.
func press_key(code: Key) -> void:
	var key := InputEventKey.new()
	key.physical_keycode = code
	key.pressed = true
	Input.parse_input_event(key)
	await tree.process_frame
	var release: InputEventKey = key.duplicate()
	release.pressed = false
	Input.parse_input_event(release)
	await tree.process_frame


## Play MOVES letters in the main scene `main`, one action each, as its keys do.
func play_moves(main: Node, moves: String) -> void:
	for letter in moves:
		main.do_action(MOVE_ACTIONS[letter.to_lower()])
