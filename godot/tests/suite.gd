extends RefCounted
## The base of every test suite: checks that record failures, a signal
## recorder and small level helpers. `run.gd` calls each `test_*` method.

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


## Make a MusclemanGame node (freed by the caller).
func new_game() -> Object:
	return ClassDB.instantiate("MusclemanGame")


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
