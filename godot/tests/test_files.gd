extends "res://tests/suite.gd"
## A level file chosen from the picker (the node reads it as the terminal
## does: a bad one is said, placed, and nothing changes), its levels listed
## and kept like a collection's, and the switch to Sokoban's rules, which
## marks the levels those rules cannot play (the node's words).

## Two levels; the second says it needs Muscleman's rules.
const TWO := "; Two\n\n; Tiny\n#@$.#\n\n; Hands\nRules: muscleman\n#@$$.#\n#    #\n######\n"


func test_a_level_file_opens_from_the_picker_and_its_progress_is_kept() -> void:
	var dir := fresh_dir()
	var path := ProjectSettings.globalize_path(dir + "/two.txt")
	write_file(path, TWO)
	var main := new_main(dir)
	tree.root.add_child(main)
	await tree.process_frame
	var picker: OptionButton = main.collection_picker
	check_eq(picker.item_count, 3, "two collections and the file item")
	check_eq(picker.get_item_text(2), "Open a level file...", "the last item opens a file")
	picker.item_selected.emit(2)
	check(main.file_dialog.visible, "it asks for the file")
	check_eq(picker.selected, 0, "the collection playing stays picked meanwhile")
	main.file_dialog.file_selected.emit(path)
	main.file_dialog.hide()
	check_eq(main.collection, 2, "the file is a collection of its own")
	check_eq(picker.item_count, 4, "offered after the built-in ones")
	check_eq(picker.get_item_text(2), "two.txt   0 of 2 solved", "by its name, counted")
	check_eq(picker.get_item_text(3), "Open a level file...", "the file item stays last")
	check_eq(main.level_list.item_count, 2, "its levels listed")
	check_eq(main.level_list.get_item_text(1), " 2   Hands", "by title")
	check_eq(main.title_label.text, "1. Tiny", "its first level opens")
	main.do_action("right")
	check(main.game.is_solved(), "solved")
	check_eq(main.level_list.get_item_text(0), " 1 * Tiny   1/1", "marked with its best")
	check_eq(picker.get_item_text(2), "two.txt   1 of 2 solved", "counted")
	main.queue_free()
	await tree.process_frame

	var again := new_main(dir)
	tree.root.add_child(again)
	await tree.process_frame
	check_eq(again.title_label.text, "1. First Steps", "the game opens in a built-in collection")
	check(again.open_level_file(path), "the file again")
	check_eq(again.level_list.get_item_text(0), " 1 * Tiny   1/1", "its record kept")
	check(again.game.is_solved(), "at its position left")
	again.queue_free()
	await tree.process_frame


func test_a_bad_level_file_is_said_placed_and_nothing_changes() -> void:
	var dir := fresh_dir()
	write_file(dir + "/bad.txt", "; Bad\n#####\n#@$Q#\n#####\n")
	var main := new_main(dir)
	tree.root.add_child(main)
	await tree.process_frame
	main.do_action("right")
	check(not main.open_level_file(dir + "/bad.txt"), "refused")
	check(main.notice_label.visible, "said under the board")
	var said: String = main.notice_label.text
	check(said.begins_with("bad.txt:3:4: "), "placed: " + said)
	check(said.contains("'Q'"), "naming the cell: " + said)
	check_eq(main.collection_picker.item_count, 3, "nothing offered")
	check_eq(main.collection, 0, "the collection playing")
	check_eq(main.title_label.text, "1. First Steps", "the level playing")
	check_eq(main.game.moves(), 1, "at its position")
	check(not main.open_level_file(dir + "/missing.txt"), "a missing file")
	check(main.notice_label.text.ends_with("missing.txt: no such file"), main.notice_label.text)
	main.queue_free()
	await tree.process_frame


func test_sokoban_rules_mark_the_levels_they_cannot_play_and_keep_records_apart() -> void:
	var main := new_main()
	tree.root.add_child(main)
	await tree.process_frame
	check_eq(main.game.rules_name(), "Muscleman", "Muscleman's rules at first")
	main.rules_switch.button_pressed = true
	check_eq(main.game.rules_name(), "Sokoban", "the switch plays Sokoban's")
	check(main.stats_label.text.contains("Sokoban rules"), "the HUD says so")
	var rows: Array = main.game.level_list(0)
	var marked := -1
	for i in rows.size():
		if not rows[i]["why_not"].is_empty():
			marked = i
			break
	check(marked > 0, "a level Sokoban's rules cannot play")
	var text: String = main.level_list.get_item_text(marked)
	check(text.begins_with("%2d x " % (marked + 1)), "marked x: " + text)
	var tip: String = main.level_list.get_item_tooltip(marked)
	check(tip.ends_with(rows[marked]["why_not"]), "why, in its tooltip")
	check(rows[marked]["why_not"].contains("Rules: muscleman"), "the node's words")
	main.load_level(marked)
	main.show_help()
	check(main.help_text.text.contains("Sokoban: you push one box at a time"), "the help's rules")
	check(main.help_text.text.contains("This level cannot be solved under them"), "and why")
	main.help_panel.visible = false
	# A solve under Sokoban's rules is theirs alone.
	main.load_level(0)
	play_moves(main, "rddRRdrU")
	check(main.game.is_solved(), "First Steps solved under Sokoban's rules")
	check(main.level_list.get_item_text(0).begins_with(" 1 * "), "marked under them")
	main.choose_collection(1)
	check(not main.level_list.get_item_text(0).contains("par"), "no par: it counts Muscleman moves")
	main.rules_switch.button_pressed = false
	check_eq(main.game.rules_name(), "Muscleman", "back to Muscleman's")
	check(main.level_list.get_item_text(0).ends_with("par 8"), "the par again")
	main.choose_collection(0)
	check(main.level_list.get_item_text(0).begins_with(" 1   "), "not solved under Muscleman's")
	for i in main.level_list.item_count:
		check(not main.level_list.get_item_text(i).begins_with("%2d x" % (i + 1)), "none marked")
	main.queue_free()
	await tree.process_frame
