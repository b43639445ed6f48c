extends "res://tests/suite.gd"
## Ghosts and books (rules.md §4): the node's signals, counters and sounds
## for a release by a push and by a ghost's own walk into a held book,
## undo bringing the ghost back, and the main scene drawing a ghost, its
## half turn and its release.


## A book, then a ghost facing down (its own way): a push right releases it.
const PUSHED := """legend: b = Book
legend: g = Ghost
#########
#@bg $. #
#########
"""

## A book below the player, a ghost walking left towards it.
const WALKED := """legend: b = Book
legend: g = Ghost:left
#########
#@   $. #
#b    g #
#########
"""

## A ghost facing up under a wall (its first turn is a half turn), and a
## ghost walking left towards the book beside the player.
const TURNING := """legend: b = Book
legend: g = Ghost:up
legend: h = Ghost:left
########
#     g#
#@b h  #
#   $. #
########
"""


## Return the dictionary of entity `id` (empty when it is gone).
func piece(game: Object, id: int) -> Dictionary:
	for e: Dictionary in game.entities():
		if e["id"] == id:
			return e
	return {}


func test_a_book_pushed_into_a_ghost_releases_it_and_undo_brings_it_back() -> void:
	var game := new_game()
	var log := []
	record(game, log)
	check(game.load_level(PUSHED, 0), "load")
	var player: int = game.player()
	var book := id_at(game, Vector2i(2, 1), "book")
	var ghost := id_at(game, Vector2i(3, 1), "ghost")
	check(book != 0 and ghost != 0, "a book and a ghost")
	check(game.act("right"), "push the book into the ghost")
	check_eq(log, [
		["ghost_released", ghost, book],
		["moved", book, Vector2i(2, 1), Vector2i(3, 1), "push"],
		["moved", player, Vector2i(1, 1), Vector2i(2, 1), "player"],
	], "the release, then the chain's moves")
	check_eq(Array(game.last_sounds()), ["release", "push"], "the release is heard, then the push")
	check_eq(piece(game, ghost), {}, "the ghost is gone")
	check_eq(game.counters()["ghosts_released"], 1, "ghosts_released")
	log.clear()
	check(game.act("undo"), "undo")
	var back := piece(game, ghost)
	check_eq(back.get("cell"), Vector2i(3, 1), "the ghost is back, with its id, in its cell")
	check_eq(back.get("facing"), Vector2i.DOWN, "facing its way")
	check_eq(game.counters()["ghosts_released"], 0, "ghosts_released back to 0")
	check_eq(Array(game.last_sounds()), [], "an undo is silent")
	game.free()


func test_a_ghost_walks_into_the_book_the_player_holds() -> void:
	var game := new_game()
	var log := []
	record(game, log)
	check(game.load_level(WALKED, 0), "load")
	var book := id_at(game, Vector2i(1, 2), "book")
	var ghost := id_at(game, Vector2i(6, 2), "ghost")
	check(game.grab(), "grab the book below")
	check_eq(game.holding(), book, "holding the book")
	check_eq(piece(game, ghost).get("cell"), Vector2i(5, 2), "the ghost walked meanwhile")
	for i in 3:
		check(game.wait(), "wait")
	check_eq(piece(game, ghost).get("cell"), Vector2i(2, 2), "the ghost reached the book")
	log.clear()
	check(game.wait(), "wait once more")
	check_eq(log, [["ghost_released", ghost, book]], "its own walk into the book releases it")
	check_eq(Array(game.last_sounds()), ["release"], "the release is heard")
	check_eq(game.holding(), book, "the book stays held")
	check_eq(game.counters()["ghosts_released"], 1, "ghosts_released")
	game.free()


func test_the_scene_draws_a_ghost_turning_and_its_release_rising_away() -> void:
	var file := FileAccess.open("user://ghosts.txt", FileAccess.WRITE)
	file.store_string(TURNING)
	file.close()
	var main: Node = new_main()
	tree.root.add_child(main)
	await tree.process_frame
	check(main.load_level_file("user://ghosts.txt"), "load the ghost level")
	var turning := id_at(main.game, Vector2i(6, 1), "ghost")
	var walking := id_at(main.game, Vector2i(4, 2), "ghost")
	var drawn := {}
	for e: Dictionary in main.board.pieces:
		drawn[e["id"]] = e
	check(drawn.has(turning) and drawn.has(walking), "the board draws both ghosts")
	check(id_at(main.game, Vector2i(2, 2), "book") in drawn, "and the book")
	check_eq(drawn[turning]["facing"], Vector2i.UP, "a ghost drawn facing up")
	# A wait: the wall above turns one around, animated; the other walks.
	await press_key(KEY_PERIOD)
	check(main.board._turned.has(turning), "its half turn animates")
	check_eq(piece(main.game, turning).get("facing"), Vector2i.DOWN, "it faces down now")
	check(main.board._moves.has(walking), "the other one's walk animates")
	# Push the book into the walking ghost.
	main.sounds.requested.clear()
	await press_key(KEY_RIGHT)
	check_eq(main.game.counters()["ghosts_released"], 1, "the book released the ghost")
	check_eq(main.sounds.requested, ["release", "push"], "the release is heard, then the push")
	var gone: Array = main.board._vanished.map(func(e: Dictionary) -> int: return e["id"])
	check_eq(gone, [walking], "the released ghost rises away")
	await tree.create_timer(0.3).timeout
	check(main.board._progress >= 1.0, "and is gone once the step has played")
	main.queue_free()
	await tree.process_frame
	DirAccess.remove_absolute("user://ghosts.txt")
