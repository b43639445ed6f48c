extends "res://tests/suite.gd"
## The hint: the node's search (the terminal's own) on a worker thread,
## polled each frame, its cells on the board, followed to solved; "no
## solution from here" only when proved.

const STEPS := {
	Vector2i.UP: "up", Vector2i.RIGHT: "right", Vector2i.DOWN: "down", Vector2i.LEFT: "left"
}


## Wait (frames and a few milliseconds each) until `main`'s line under the
## board holds an answer; return it ("" after 10 s).
func answer_of(main: Node) -> String:
	for i in 2000:
		await tree.process_frame
		var text: String = main.notice_label.text
		if main.notice_label.visible and not text.ends_with("searching..."):
			return text
		OS.delay_msec(5)
	return ""


func test_a_hint_shows_its_cells_and_followed_solves_the_level() -> void:
	var main := new_main()
	tree.root.add_child(main)
	await tree.process_frame
	main.load_level(1)
	check(not main.game.is_solved(), "Freight Train to solve")
	for round in 20:
		if main.game.is_solved():
			break
		await press_key(KEY_I)
		var answer := await answer_of(main)
		check(answer.begins_with("Hint: "), "an answer: " + answer)
		# Every sign the answer holds that no font may have is drawn as a shape.
		for c in answer:
			if c.unicode_at(0) > 127:
				check(main.notice_label.ARROWS.has(c), "%s drawn as a shape" % c)
		check(main.notice_label.get_minimum_size().x > 0.0, "the line takes room")
		var cells: Array[Vector2i] = main.board.hint_cells
		check(not cells.is_empty(), "its cells on the board")
		if cells.is_empty():
			break
		for at in cells:
			main.do_action(STEPS[at - main._player_cell()])
		check(main.board.hint_cells.is_empty(), "the cells go once followed")
	check(main.game.is_solved(), "the hints lead to solved")
	check(main.banner.visible, "the banner")
	main.queue_free()
	await tree.process_frame


func test_no_solution_from_here_only_when_proved() -> void:
	var game := new_game()
	game.use_sokoban_rules(true)
	# The box is in a corner: under Sokoban's rules it never moves again.
	check(game.load_level("#####\n#$  #\n#@ .#\n#####\n", 0), "load")
	check(game.ask_hint(), "asked")
	var answer := ""
	for i in 2000:
		answer = game.poll_hint()
		if not answer.is_empty():
			break
		OS.delay_msec(5)
	check_eq(answer, "No solution from here (the solver proved it): Z undoes", "proved")
	check(not game.is_hint_searching(), "the search ended")
	check(game.hint_cells().is_empty(), "no cells")
	# A hint asked, then a move: the answer, for the position left, is dropped.
	check(game.load_level("#@ $.#", 0), "load")
	check(game.ask_hint(), "asked again")
	game.move(Vector2i.RIGHT)
	check(not game.is_hint_searching(), "the position changed: the search is dropped")
	check_eq(game.poll_hint(), "", "no answer for the position left")
	game.free()


func test_the_line_under_the_board_draws_every_arrow_of_a_hint_as_a_shape() -> void:
	var main := new_main()
	tree.root.add_child(main)
	await tree.process_frame
	var line: Control = main.notice_label
	# The node's words for a hint with a swing (muscleman-play's hint tests).
	var said := "Hint: ↶ grab ←⇒ (⇒ pushes, ↶ ↷ swing (Q E); 4 moves, 2 pushes to go)"
	check_eq(
		line.pieces(said.substr(0, 30)),
		PackedStringArray(["Hint: ", "↶", " grab ", "←", "⇒", " (", "⇒", " pushes, ", "↶", " ", "↷"]),
		"each arrow a piece of its own"
	)
	for c in "←↑→↓⇐⇑⇒⇓↶↷":
		check(line.ARROWS.has(c), c + " has a shape")
	main.notice(said)
	var wide: float = line.get_minimum_size().x
	main.notice(said.replace("↶", "").replace("↷", ""))
	check(line.get_minimum_size().x < wide, "an arrow takes room")
	main.queue_free()
	await tree.process_frame
