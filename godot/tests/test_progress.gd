extends "res://tests/suite.gd"
## Both built-in collections in the level list, the par, the Solved
## banner's record, and the progress kept between runs of the scene in its
## folder (a corrupt file, or one of another rule book, said so and moved
## aside or left alone, play afresh).

## Combinations' first level and its stored solution (par 8).
const SHORE := "Shove from the Shore"
const SHORE_SOLUTION := "rg[RRDRRRU"


func test_both_collections_are_offered_and_the_list_shows_the_one_chosen() -> void:
	var main := new_main()
	tree.root.add_child(main)
	await tree.process_frame
	check_eq(main.collection_picker.item_count, 3, "two collections, then the file item")
	var first: Array = main.game.level_list(0)
	check(first.size() > 30, "the first collection's levels")
	check_eq(
		main.collection_picker.get_item_text(0),
		"Muscleman   0 of %d solved" % first.size(),
		"the first, counted"
	)
	check_eq(main.level_list.item_count, first.size(), "the list shows them")
	check_eq(main.title_label.text, "1. First Steps", "a first run opens at the first level")
	check(not main.stats_label.text.contains("par"), "no par in the first collection")
	main.collection_picker.item_selected.emit(1)
	var rows: Array = main.game.level_list(1)
	check(rows.size() >= 20, "Combinations' levels")
	check_eq(main.level_list.item_count, rows.size(), "the list shows Combinations")
	check(main.collection_picker.get_item_text(1).begins_with("Combinations   0 of "), "its count")
	check_eq(main.title_label.text, "1. " + SHORE, "its first level opens")
	check_eq(main.level_list.get_item_text(0), " 1   %s   par 8" % SHORE, "the par in the list")
	check_eq(main.stats_label.text, "moves 0   pushes 0   par 8", "the par in the HUD")
	for row: Dictionary in rows:
		check(row["par"] != null, "every Combinations level has a par")
		check(not row["solved"] and row["best_moves"] == null, "nothing solved yet")
		check_eq(row["why_not"], "", "Muscleman's rules play every level")
	main.queue_free()
	await tree.process_frame


func test_a_solve_shows_the_par_and_the_best_and_marks_the_list() -> void:
	var main := new_main()
	tree.root.add_child(main)
	await tree.process_frame
	main.choose_collection(1)
	play_moves(main, SHORE_SOLUTION)
	check(main.game.is_solved(), "solved")
	check(main.banner.visible, "the banner")
	var counts := "%d moves, %d pushes" % [main.game.moves(), main.game.pushes()]
	var want := ["Solved!", counts, "Par 8: matched", "First solve!", "Best: " + counts]
	want.append("N: next level   Z: undo")
	check_eq(main.banner_label.text, "\n".join(want), "the banner's lines")
	var best := " %d/%d" % [main.game.moves(), main.game.pushes()]
	check_eq(main.level_list.get_item_text(0), " 1 * %s  %s   par 8" % [SHORE, best], "marked")
	check(main.collection_picker.get_item_text(1).begins_with("Combinations   1 of "), "counted")
	check_eq(main.game.record()["best_moves"], main.game.moves(), "the record")
	# Solved again with more moves: no new best, the best kept.
	main.do_action("restart")
	check(not main.banner.visible, "the banner goes")
	play_moves(main, "rl" + SHORE_SOLUTION)
	check(main.game.is_solved(), "solved again")
	var lines: PackedStringArray = main.banner_label.text.split("\n")
	check_eq(lines[2], "Par 8: 2 moves over", "over par")
	check_eq(lines[3], "Best: " + counts, "the best so far, no note")
	main.queue_free()
	await tree.process_frame


func test_progress_and_the_position_survive_a_restart_of_the_scene() -> void:
	var dir := fresh_dir()
	var main := new_main(dir)
	tree.root.add_child(main)
	await tree.process_frame
	play_moves(main, "rddRRdrU")
	check(main.game.is_solved(), "First Steps solved")
	main.choose_collection(1)
	main.load_level(1)
	play_moves(main, "rr")
	var hash_moves: int = main.game.moves()
	check(main.game.undo_depth() > 0, "steps to keep")
	var depth: int = main.game.undo_depth()
	main.queue_free()
	await tree.process_frame
	check(FileAccess.file_exists(dir + "/progress.json"), "progress.json in the folder")

	var again := new_main(dir)
	tree.root.add_child(again)
	await tree.process_frame
	check_eq(again.collection, 1, "opens in the collection left")
	check_eq(again.title_label.text, "2. Hold the Door", "at the level left")
	check_eq(again.game.moves(), hash_moves, "at the position left")
	check_eq(again.game.undo_depth(), depth, "with its undo history")
	again.choose_collection(0)
	check_eq(again.title_label.text, "1. First Steps", "the first collection, where it was left")
	check(again.level_list.get_item_text(0).begins_with(" 1 * First Steps"), "still solved")
	check(again.banner.visible, "its solved position kept too")
	again.queue_free()
	await tree.process_frame


func test_a_corrupt_progress_file_is_said_moved_aside_and_play_starts_afresh() -> void:
	var dir := fresh_dir()
	write_file(dir + "/progress.json", "{ not progress")
	var main := new_main(dir)
	tree.root.add_child(main)
	await tree.process_frame
	check(main.notice_label.visible, "a notice")
	check_eq(
		main.notice_label.text,
		"Progress file was corrupt: moved to progress.json.corrupt-1",
		"what happened to the file"
	)
	check(FileAccess.file_exists(dir + "/progress.json.corrupt-1"), "kept aside")
	check_eq(main.title_label.text, "1. First Steps", "afresh at the first level")
	play_moves(main, "rddRRdrU")
	check(main.game.is_solved(), "plays on")
	check(FileAccess.file_exists(dir + "/progress.json"), "a new file written")
	main.queue_free()
	await tree.process_frame


func test_a_progress_file_of_another_rule_book_is_said_and_kept_apart_or_left_alone() -> void:
	# An older rule book with no migration: moved aside, play afresh.
	var dir := fresh_dir()
	write_file(dir + "/progress.json", '{"version": 3, "rules_version": 1, "levels": {}}')
	var main := new_main(dir)
	tree.root.add_child(main)
	await tree.process_frame
	var rule_book: int = main.game.rule_book()
	check_eq(
		main.notice_label.text,
		"Progress of rule book 1 (this is %d) moved to progress.json.rules-1-1" % rule_book,
		"the notice names the rule book"
	)
	check(FileAccess.file_exists(dir + "/progress.json.rules-1-1"), "kept aside")
	check_eq(main.title_label.text, "1. First Steps", "afresh at the first level")
	play_moves(main, "rddRRdrU")
	check(main.game.is_solved(), "plays on")
	var written := FileAccess.get_file_as_string(dir + "/progress.json")
	check(written.contains("\"rules_version\": %d" % rule_book), "a new file of this rule book")
	main.queue_free()
	await tree.process_frame

	# A newer rule book: left as it is, for the muscleman that wrote it.
	dir = fresh_dir()
	var newer := '{"version": 3, "rules_version": %d, "levels": {}}' % (rule_book + 1)
	write_file(dir + "/progress.json", newer)
	main = new_main(dir)
	tree.root.add_child(main)
	await tree.process_frame
	check_eq(
		main.notice_label.text,
		"Progress file is from a newer muscleman: not kept",
		"the notice says why nothing is kept"
	)
	play_moves(main, "rddRRdrU")
	check(main.game.is_solved(), "plays on")
	check(main.level_list.get_item_text(0).begins_with(" 1 * "), "the solve counts for this run")
	check_eq(FileAccess.get_file_as_string(dir + "/progress.json"), newer, "the file left alone")
	main.queue_free()
	await tree.process_frame
