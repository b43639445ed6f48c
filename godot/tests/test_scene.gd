extends "res://tests/suite.gd"
## The main scene, driven as a player drives it: keys through the input
## map, the HUD, the solved banner, the level list, the board and its
## floors.




func test_every_sim_action_has_keys_in_the_input_map() -> void:
	var game := new_game()
	for action: String in game.action_names():
		check(InputMap.has_action(action), "input map action " + action)
		check(not InputMap.action_get_events(action).is_empty(), "keys for " + action)
	for action in ["next_level", "prev_level", "look_at_next_floor"]:
		check(InputMap.has_action(action), "input map action " + action)
	game.free()


func test_keys_play_the_first_level_to_the_solved_banner() -> void:
	var main: Node = new_main()
	tree.root.add_child(main)
	await tree.process_frame
	var titles: PackedStringArray = main.game.builtin_titles()
	check(titles.size() > 30, "the built-in levels")
	check_eq(main.level_list.item_count, titles.size(), "the level list holds the built-in levels")
	check_eq(main.title_label.text, "1. First Steps", "title")
	check(not main.banner.visible, "no banner before solving")
	check_eq(main.board.pieces.size(), main.game.entities().size(), "one piece per entity")

	# rddRRdrU with arrow keys and WASD
	var keys := [KEY_RIGHT, KEY_S, KEY_DOWN, KEY_D, KEY_RIGHT, KEY_DOWN, KEY_RIGHT, KEY_W]
	for code: Key in keys:
		await press_key(code)
	check(main.game.is_solved(), "solved by keys")
	check(main.banner.visible, "the solved banner shows")
	check_eq(main.stats_label.text, "moves 8   pushes 3", "stats")

	await press_key(KEY_Z)
	check(not main.game.is_solved(), "Z undoes")
	check(not main.banner.visible, "the banner goes with the solution")
	check(main.board._progress > 0.0, "the undone move animates")
	for i in 20:
		await tree.process_frame
	check_eq(main.board._progress, 1.0, "the animation ends")

	await press_key(KEY_N)
	check_eq(main.title_label.text, "2. Freight Train", "N: next level")
	check_eq(main.level_list.get_selected_items(), PackedInt32Array([1]), "the list follows")
	await press_key(KEY_B)
	await press_key(KEY_B)
	var last := "%d. %s" % [titles.size(), titles[titles.size() - 1]]
	check_eq(main.title_label.text, last, "B wraps to the last level")
	main.level_list.item_selected.emit(19)
	check_eq(main.title_label.text, "20. Coin Run", "picking a level in the list")

	# Coin Run: step right onto the coin; the HUD counts it.
	await press_key(KEY_RIGHT)
	check_eq(main.stats_label.text, "moves 1   pushes 0   coins 1", "coins in the HUD")
	main.queue_free()
	await tree.process_frame


func test_the_board_draws_a_held_item_and_a_swing_arc() -> void:
	var main: Node = new_main()
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


## Return whether every entity dictionary is on floor `n`.
func _all_on(entities: Array, n: int) -> bool:
	return entities.all(func(e: Dictionary) -> bool: return e["floor"] == n)


func test_keys_climb_the_stairs_with_a_fade_and_undo_comes_back_down() -> void:
	# Key Upstairs (built-in 27): push the key right, grab it, carry it up.
	# floor: Cellar  #######    floor: Hall  ##########
	#                #@k u #                 #   d R$.#
	#                #######                 ##########
	var main: Node = new_main()
	tree.root.add_child(main)
	await tree.process_frame
	main.load_level(26)
	var climbs := []
	main.game.level_transition.connect(
		func(player: int, stairs: int, carried: int, from_floor: int, to_floor: int) -> void:
			climbs.append([player, stairs, carried, from_floor, to_floor])
	)
	check(main.floor_label.visible, "a level with floors shows the floor")
	check_eq(main.floor_label.text, "floor 1 of 2: Cellar", "the floor in the HUD")
	check_eq(main.board.shown_floor, 1, "the board shows the player's floor")
	check_eq(main.board.grid_size, Vector2i(10, 3), "the board holds every floor (the Hall is wider)")
	var origin: Vector2 = main.board.position
	var player: int = main.game.player()
	var key := id_at(main.game, Vector2i(2, 1), "key")
	var stairs := id_at(main.game, Vector2i(4, 1), "stairs_up")
	for code: Key in [KEY_RIGHT, KEY_G, KEY_RIGHT]:
		await press_key(code)
	check_eq(main.board.shown_floor, 1, "on the stairs, not up yet")

	await press_key(KEY_RIGHT)
	check_eq(climbs, [[player, stairs, key, 1, 2]], "level_transition: up with the key")
	check_eq(main.board.shown_floor, 2, "the board shows the Hall")
	check(_all_on(main.board.pieces, 2), "only the Hall's pieces")
	check_eq(main.floor_label.text, "Up to floor 2 of 2: Hall", "the HUD says where the stairs led")
	check(main.board.is_changing_floor(), "the change of floor is animated")
	check(_all_on(main.board._leaving["pieces"], 1), "the Cellar fades out first")
	check_eq([main.board.position, main.board.grid_origin, main.board.grid_size],
		[origin, Vector2i.ZERO, Vector2i(10, 3)], "every floor is drawn in the same place")
	await tree.create_timer(1.0).timeout
	check(not main.board.is_changing_floor(), "the change of floor ends")
	check_eq(main.board.modulate.a, 1.0, "the Hall fully shown")

	await press_key(KEY_Z)
	check_eq(main.board.shown_floor, 1, "undo: the Cellar again")
	check(_all_on(main.board.pieces, 1), "only the Cellar's pieces")
	check_eq(main.floor_label.text, "Back on floor 1 of 2: Cellar", "the HUD says the player is back")
	check(main.board.is_changing_floor(), "the way back is animated too")
	check_eq(climbs.size(), 1, "undo signals no climb")
	check_eq(main.game.player_floor(), 1, "the player is on the Cellar")
	await press_key(KEY_PERIOD)
	check_eq(main.floor_label.text, "floor 1 of 2: Cellar", "the next action: just the floor")
	main.queue_free()
	await tree.process_frame


func test_the_look_key_shows_each_floor_without_moving() -> void:
	var main: Node = new_main()
	tree.root.add_child(main)
	await tree.process_frame
	main.load_level(29)
	check_eq(main.title_label.text, "30. Three Floors", "title")
	check_eq(main.floor_label.text, "floor 1 of 3: Ground", "the player's floor")
	var looks := [
		[2, "looking at floor 2 of 3: Landing   F: the next floor"],
		[3, "looking at floor 3 of 3: Attic   F: the next floor"],
		[1, "floor 1 of 3: Ground"],
		[2, "looking at floor 2 of 3: Landing   F: the next floor"],
	]
	for look: Array in looks:
		await press_key(KEY_F)
		check_eq(main.board.shown_floor, look[0], "F shows floor %d" % look[0])
		check_eq(main.floor_label.text, look[1], "the HUD names it")
		check(_all_on(main.board.pieces, look[0]), "the board draws that floor only")
	check_eq(main.game.moves(), 0, "looking is no move")
	check_eq(main.game.player_floor(), 1, "the player stayed")
	check(not main.board.pieces.any(func(e: Dictionary) -> bool: return e["kind"] == "player"),
		"no player on the floor looked at")
	await press_key(KEY_RIGHT)
	check_eq(main.board.shown_floor, 1, "any action shows the player's floor again")
	check_eq(main.floor_label.text, "floor 1 of 3: Ground", "the HUD too")
	check_eq(main.game.moves(), 1, "and the action ran")

	# One floor: F shows nothing else, and the HUD names no floor.
	main.load_level(0)
	await press_key(KEY_F)
	check_eq(main.board.shown_floor, 1, "a one-floor level has nothing else to show")
	check(not main.floor_label.visible, "no floor in the HUD")
	main.queue_free()
	await tree.process_frame


func test_a_plate_opens_a_door_upstairs_unseen_until_that_floor_is_shown() -> void:
	# Plate Below (built-in 28): the box pushed down onto the Ground's plate
	# opens the door Upstairs.
	var main: Node = new_main()
	tree.root.add_child(main)
	await tree.process_frame
	main.load_level(27)
	var opened := []
	main.game.door_opened.connect(func(door: int) -> void: opened.append(door))
	check_eq(main.board.grid_size, Vector2i(7, 5), "the board holds the taller Ground")
	await press_key(KEY_DOWN)
	check_eq(opened.size(), 1, "the door opened")
	check(_all_on(main.board.pieces, 1), "the board shows the Ground only")
	check(not main.board.pieces.any(func(e: Dictionary) -> bool: return e["id"] == opened[0]),
		"the door is not drawn on the Ground")
	await press_key(KEY_F)
	var door: Array = main.board.pieces.filter(
		func(e: Dictionary) -> bool: return e["id"] == opened[0])
	check_eq(door.size(), 1, "looking Upstairs shows the door")
	check(not door.is_empty() and door[0]["state"] == "open", "open")
	main.queue_free()
	await tree.process_frame
