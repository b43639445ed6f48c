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
