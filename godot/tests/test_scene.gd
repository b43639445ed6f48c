extends "res://tests/suite.gd"
## The main scene, driven as a player drives it: keys through the input
## map, the HUD, the solved banner, the level list and the board.


const MAIN_SCENE := preload("res://main.tscn")


func _press(event: InputEvent) -> void:
	event.pressed = true
	Input.parse_input_event(event)
	await tree.process_frame
	var release: InputEvent = event.duplicate()
	release.pressed = false
	Input.parse_input_event(release)
	await tree.process_frame


func _key(code: Key) -> InputEventKey:
	var key := InputEventKey.new()
	key.physical_keycode = code
	return key


func test_every_sim_action_has_keys_in_the_input_map() -> void:
	var game := new_game()
	for action: String in game.action_names():
		check(InputMap.has_action(action), "input map action " + action)
		check(not InputMap.action_get_events(action).is_empty(), "keys for " + action)
	for action in ["next_level", "prev_level"]:
		check(InputMap.has_action(action), "input map action " + action)
	game.free()


func test_keys_play_the_first_level_to_the_solved_banner() -> void:
	var main: Node = MAIN_SCENE.instantiate()
	tree.root.add_child(main)
	await tree.process_frame
	check_eq(main.level_list.item_count, 30, "the level list holds the built-in levels")
	check_eq(main.title_label.text, "1. First Steps", "title")
	check(not main.banner.visible, "no banner before solving")
	check_eq(main.board.pieces.size(), main.game.entities().size(), "one piece per entity")

	# rddRRdrU with arrow keys and WASD
	var keys := [KEY_RIGHT, KEY_S, KEY_DOWN, KEY_D, KEY_RIGHT, KEY_DOWN, KEY_RIGHT, KEY_W]
	for code: Key in keys:
		await _press(_key(code))
	check(main.game.is_solved(), "solved by keys")
	check(main.banner.visible, "the solved banner shows")
	check_eq(main.stats_label.text, "moves 8   pushes 3", "stats")

	await _press(_key(KEY_Z))
	check(not main.game.is_solved(), "Z undoes")
	check(not main.banner.visible, "the banner goes with the solution")
	check(main.board._progress > 0.0, "the undone move animates")
	for i in 20:
		await tree.process_frame
	check_eq(main.board._progress, 1.0, "the animation ends")

	await _press(_key(KEY_N))
	check_eq(main.title_label.text, "2. Freight Train", "N: next level")
	check_eq(main.level_list.get_selected_items(), PackedInt32Array([1]), "the list follows")
	await _press(_key(KEY_B))
	await _press(_key(KEY_B))
	check_eq(main.title_label.text, "30. Three Floors", "B wraps to the last level")
	main.level_list.item_selected.emit(19)
	check_eq(main.title_label.text, "20. Coin Run", "picking a level in the list")

	# Coin Run: step right onto the coin; the HUD counts it.
	await _press(_key(KEY_RIGHT))
	check_eq(main.stats_label.text, "moves 1   pushes 0   coins 1", "coins in the HUD")
	main.queue_free()
	await tree.process_frame


func test_the_board_draws_a_held_item_and_a_swing_arc() -> void:
	var main: Node = MAIN_SCENE.instantiate()
	tree.root.add_child(main)
	await tree.process_frame
	main.load_level(25)
	check(not main.stats_label.text.contains("holding"), "empty hands: the HUD says nothing")
	main.do_action("grab")
	check(main.board.holding != 0, "the board knows what is held")
	check_eq(main.stats_label.text, "moves 0   pushes 0   holding box", "the HUD names what is held")
	main.do_action("swing_left")
	var arcs: Array = main.board._moves.values().filter(func(m: Array) -> bool: return m[2] != null)
	check_eq(arcs.size(), 1, "the held box swings along its arc")
	main.queue_free()
	await tree.process_frame
