extends "res://tests/suite.gd"
## A level's introduction as it opens and its help (H), in the node's
## words (muscleman-play's, as the terminal and the page say them).


func test_a_level_opens_with_its_introduction_until_the_next_key() -> void:
	var main := new_main()
	tree.root.add_child(main)
	await tree.process_frame
	check(main.intro_panel.visible, "the first level's introduction")
	var comment: String = main.game.intro()["comment"]
	check(comment.begins_with("Walk into the box"), "its comment")
	check_eq(main.intro_label.text, "First Steps\n" + comment, "title and comment")
	await press_key(KEY_RIGHT)
	check(not main.intro_panel.visible, "a key dismisses it")
	check_eq(main.game.moves(), 1, "and plays")
	await press_key(KEY_N)
	check(main.intro_panel.visible, "the next level opens with its own")
	check(main.intro_label.text.begins_with("Freight Train\n"), "its title")
	main.load_level_file("res://levels/pond.txt")
	check(main.intro_label.text.begins_with("Pond Life\nDucks walk"), "a level file's")
	main.queue_free()
	await tree.process_frame


func test_the_help_names_every_thing_of_the_level_and_the_next_key_closes_it() -> void:
	var main := new_main()
	tree.root.add_child(main)
	await tree.process_frame
	main.load_level_file("res://levels/pond.txt")
	await press_key(KEY_H)
	check(main.help_panel.visible, "H shows the help")
	check(not main.intro_panel.visible, "over the introduction")
	var text: String = main.help_text.text
	var help: Dictionary = main.game.help()
	check(text.contains("Goal: push a box onto every goal"), "the goal")
	check(text.contains("G grabs the thing you face"), "the rules, with this game's keys")
	check(text.contains(help["moves"]), "what the counters count")
	var things := 0
	for e: Dictionary in main.game.pieces_on(1):
		var name: String = e["name"]
		if e["kind"] in ["wall", "floor"]:
			continue
		check(text.contains(name), "the help names the level's " + name)
		things += 1
	check(things >= 8, "a player, a duck, a cauldron, a bong, keys, plate, doors, goal")
	for line: Dictionary in help["things"]:
		check(text.contains(line["words"]), "each recipe's words: " + line["words"])
		check(not line["names"].is_empty(), "each with what it explains")
	await press_key(KEY_RIGHT)
	check(not main.help_panel.visible, "a key closes it")
	check_eq(main.game.moves(), 0, "and does nothing else")
	await press_key(KEY_F1)
	check(main.help_panel.visible, "F1 shows it too")
	main.queue_free()
	await tree.process_frame


func test_x_and_a_right_click_look_at_a_cell_and_its_whole_stack() -> void:
	var main := new_main()
	tree.root.add_child(main)
	await tree.process_frame
	main.load_level_file("res://levels/pond.txt")
	var player: Vector2i = main._player_cell()
	await press_key(KEY_X)
	check(main.look_panel.visible, "X looks")
	check_eq(main.look_cell, player, "at the player first")
	check_eq(main.board.cursor, player, "outlined on the board")
	check(main.look_label.text.contains(": you"), "the player's cell: " + main.look_label.text)
	await press_key(KEY_RIGHT)
	check_eq(main.look_cell, player + Vector2i.RIGHT, "the arrows move the look")
	check_eq(main._player_cell(), player, "not the player")
	check_eq(main.game.moves(), 0, "nothing played")
	await press_key(KEY_X)
	check(not main.look_panel.visible, "X again stops")
	check_eq(main.board.cursor, Vector2i(-1, -1), "the outline goes")

	# A right click on the bong: its keys inside are named.
	var bong: Dictionary = {}
	for e: Dictionary in main.game.entities():
		if e["kind"] == "bong":
			bong = e
	check(not bong.is_empty(), "the pond has a bong")
	var at: Vector2i = bong["cell"]
	var click := InputEventMouseButton.new()
	click.button_index = MOUSE_BUTTON_RIGHT
	click.pressed = true
	# Where the cell's middle is in the window (the viewport may be scaled into it).
	click.position = tree.root.get_final_transform() * (
		main.board.global_position
		+ (Vector2(at - main.board.grid_origin) + Vector2(0.5, 0.5)) * main.board.cell_size
	)
	Input.parse_input_event(click)
	await tree.process_frame
	check_eq(main.look_cell, at, "the right click looks at the cell clicked")
	var seen: Dictionary = main.game.look_at(0, at)
	check(seen["stack"].begins_with(bong["name"] + " with "), "its contents: " + seen["stack"])
	check(main.look_label.text.contains(seen["stack"]), "shown")
	main.do_action("wait")
	check(not main.look_panel.visible, "an action ends the look")
	main.queue_free()
	await tree.process_frame
