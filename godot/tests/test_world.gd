extends "res://tests/suite.gd"
## Ducks, the cauldron, the bong and sounds: the node's signals and sounds
## for each, then the main scene drawing them and asking its sound player
## to play.

## A showcase level: a duck, a cauldron, a bong, plates and doors.
const POND := "res://levels/pond.txt"
## Its solution (checked by the test that plays it).
const POND_SOLUTION := "rrrrrrdddlllUUwwluRRRRR"
## The action of each MOVES letter the solution uses.
const ACTIONS := {"r": "right", "d": "down", "l": "left", "u": "up", "w": "wait"}

## A duck facing right, a red plate ahead of it and the door it opens.
const DUCK_PLATE := """legend: t = Duck:right
legend: p = PressurePlateRed
legend: R = DoorRed
#########
#@-tp-R-#
#########
"""

## A yellow key before a cauldron that holds a blue one, and a green door.
const BREW := """legend: e = Cauldron(KeyBlue)
legend: y = KeyYellow
legend: G = DoorGreen
#######
#@ye-G#
#######
"""

## A hammer below the player, a bong of a red and a blue key beside it.
const BONG := """legend: v = Bong(KeyRed KeyBlue)
legend: h = Hammer
######
#-@--#
#-hv-#
#----#
######
"""


## Return the dictionary of entity `id` (empty when it is gone).
func piece(game: Object, id: int) -> Dictionary:
	for e: Dictionary in game.entities():
		if e["id"] == id:
			return e
	return {}


## Return what a piece holds as [kind, color] pairs.
func held(e: Dictionary) -> Array:
	return e["contents"].map(func(c: Dictionary) -> Array: return [c["kind"], c["color"]])


func test_a_duck_walks_onto_a_plate_its_door_opens_and_it_quacks_at_the_door() -> void:
	var game := new_game()
	var log := []
	record(game, log)
	check(game.load_level(DUCK_PLATE, 0), "load")
	var duck := id_at(game, Vector2i(3, 1), "duck")
	var plate := id_at(game, Vector2i(4, 1), "plate")
	var door := id_at(game, Vector2i(6, 1), "door")
	check_eq(piece(game, duck)["facing"], Vector2i.RIGHT, "the duck faces right")
	check_eq(piece(game, door)["facing"], Vector2i.ZERO, "a door faces no way")
	check(game.wait(), "wait")
	check_eq(
		log,
		[
			["moved", duck, Vector2i(3, 1), Vector2i(4, 1), "brain"],
			["plate_pressed", plate],
			["door_opened", door],
		],
		"the duck walks onto the plate, which opens the door"
	)
	check_eq(Array(game.last_sounds()), ["door_open"], "the door is heard")
	check_eq(piece(game, door)["state"], "open", "the door is open")
	log.clear()
	check(game.wait(), "wait")
	check_eq(
		log,
		[
			["moved", duck, Vector2i(4, 1), Vector2i(5, 1), "brain"],
			["plate_released", plate],
			["door_closed", door],
		],
		"it walks off: the door closes"
	)
	check_eq(Array(game.last_sounds()), ["door_close"], "the door is heard closing")
	log.clear()
	check(game.wait(), "wait")
	check_eq(log, [["sound_hint", duck, "quack"]], "the closed door stops it: it quacks")
	check_eq(Array(game.last_sounds()), ["quack"], "the quack is heard")
	check_eq(piece(game, duck)["facing"], Vector2i.DOWN, "it turned clockwise")
	check(game.undo(), "undo")
	check_eq(piece(game, duck)["facing"], Vector2i.RIGHT, "undo turns it back")
	check_eq(Array(game.last_sounds()), [], "an undo is silent")
	game.free()


func test_a_brew_puts_the_key_in_and_a_green_key_opens_the_green_door() -> void:
	var game := new_game()
	var log := []
	record(game, log)
	check(game.load_level(BREW, 0), "load")
	var player: int = game.player()
	var yellow := id_at(game, Vector2i(2, 1), "key")
	var cauldron := id_at(game, Vector2i(3, 1), "cauldron")
	check_eq(held(piece(game, cauldron)), [["key", "blue"]], "the cauldron holds a blue key")
	check(game.act("right"), "push the yellow key in")
	check_eq(log.size(), 3, "three signals")
	var product: int = log[2][2] if log.size() == 3 else 0
	check_eq(
		log,
		[
			["put_in", cauldron, yellow],
			["moved", player, Vector2i(1, 1), Vector2i(2, 1), "player"],
			["brewed", cauldron, product],
		],
		"put in, the player's step, then the brew"
	)
	var green := piece(game, product)
	check_eq(
		[green.get("kind"), green.get("color"), green.get("cell")],
		["key", "green", Vector2i(3, 1)],
		"a green key stands where the cauldron was"
	)
	check_eq(id_at(game, Vector2i(3, 1), "cauldron"), 0, "the cauldron is gone")
	check_eq(game.counters()["green_keys_made"], 1, "green_keys_made")
	check_eq(Array(game.last_sounds()), ["put_in", "brew"], "a plop, then the brew")
	log.clear()
	check(game.play("rr"), "push the green key into the green door")
	var door := id_at(game, Vector2i(5, 1), "door")
	check(["key_consumed", product, door] in log, "the green key is used up in the door")
	check(["door_opened", door] in log, "the green door opens")
	check_eq(Array(game.last_sounds()), ["push", "door_open"], "play's sounds, each once")
	game.free()


func test_a_hammer_smashes_a_bong_and_its_two_keys_spill() -> void:
	var game := new_game()
	var log := []
	record(game, log)
	check(game.load_level(BONG, 0), "load")
	var bong := id_at(game, Vector2i(3, 2), "bong")
	check_eq(held(piece(game, bong)), [["key", "red"], ["key", "blue"]], "the bong's keys")
	check(game.play("g["), "grab the hammer and swing it at the bong")
	check_eq(Array(game.last_sounds()), ["grab", "smash"], "a grab, then a crash")
	var red := id_at(game, Vector2i(3, 2), "key")
	var blue := id_at(game, Vector2i(3, 1), "key")
	check(["smashed", bong, PackedInt64Array([red, blue])] in log, "smashed, with its keys")
	check_eq(piece(game, red).get("color"), "red", "the first key takes the bong's cell")
	check_eq(piece(game, blue).get("color"), "blue", "the second its free Up neighbour")
	check_eq(piece(game, bong), {}, "the bong is gone")
	check_eq(game.counters()["bongs_broken"], 1, "bongs_broken")
	game.free()


func test_every_sound_is_built_and_a_name_with_none_is_empty() -> void:
	var game := new_game()
	check_eq(game.sound_rate(), 22050, "sound_rate")
	for sound_name: String in game.sound_names():
		var bytes: PackedByteArray = game.sound_samples(sound_name)
		check(bytes.size() > 0 and bytes.size() % 2 == 0, "16-bit samples of " + sound_name)
		check(bytes.size() <= game.sound_rate(), "at most half a second of " + sound_name)
	check_eq(game.sound_samples("moo").size(), 0, "no such sound")
	check_eq(Array(game.last_sounds()), [], "no sound before any call")
	game.free()


func test_every_sound_kind_has_one_look_on_the_board() -> void:
	var game := new_game()
	var board: GDScript = load("res://scripts/board.gd")
	check_eq(board.HINT_LOOKS.keys(), Array(game.sound_kinds()), "a look a kind, in the sim's order")
	game.free()


func test_the_scene_draws_ducks_and_asks_for_a_bump_a_quack_and_a_brew() -> void:
	var main: Node = new_main()
	tree.root.add_child(main)
	await tree.process_frame
	var sounds: Node = main.sounds
	for sound_name: String in main.game.sound_names():
		check(sounds.has_sound(sound_name), "a stream for " + sound_name)
	check(main.load_level_file(POND), "load the pond")
	check_eq(main.title_label.text, "Pond Life", "a file's title")
	var duck := id_at(main.game, Vector2i(1, 3), "duck")
	var drawn := {}
	for e: Dictionary in main.board.pieces:
		drawn[e["kind"]] = e
	for kind in ["duck", "cauldron", "bong", "hammer", "door", "plate"]:
		check(drawn.has(kind), "the board draws a " + kind)
	check_eq(drawn["duck"]["facing"], Vector2i.RIGHT, "the duck faces right")
	check_eq(held(drawn["cauldron"]), [["key", "blue"]], "the cauldron is drawn with its key")

	# Left into the wall: a bump; the duck walks a cell meanwhile.
	sounds.requested.clear()
	await press_key(KEY_LEFT)
	check_eq(sounds.requested, ["bump"], "a refused move bumps")
	check_eq(sounds.played, ["bump"], "and the bump is played")
	check(main.board._moves.has(duck), "the duck's move animates")
	# Wait: the duck walks, then the box stops it: it turns and quacks.
	await press_key(KEY_PERIOD)
	check_eq(sounds.requested, ["bump"], "a walk is silent")
	await press_key(KEY_PERIOD)
	check_eq(sounds.requested, ["bump", "quack"], "the duck quacks")
	check(main.board._turned.has(duck), "its turn animates")
	check_eq(main.board._hints.get(duck), "quack", "the quack is drawn")
	for e: Dictionary in main.board.pieces:
		if e["id"] == duck:
			check_eq(e["facing"], Vector2i.DOWN, "the duck is drawn facing down")

	# M mutes: asked for, not played; the HUD says so.
	await press_key(KEY_M)
	check(sounds.muted, "M mutes")
	check(main.stats_label.text.contains("sound off"), "the HUD says the sound is off")
	await press_key(KEY_LEFT)
	check_eq(sounds.requested.back(), "bump", "a muted bump is still asked for")
	check_eq(sounds.played, ["bump", "quack"], "but not played")
	await press_key(KEY_M)
	check(not sounds.muted, "M again unmutes")

	# The brew: a plop, the brew, and the green key grows in.
	main.load_level_file(POND)
	sounds.requested.clear()
	await press_key(KEY_RIGHT)
	await press_key(KEY_RIGHT)
	check_eq(sounds.requested, ["put_in", "brew"], "the brew is heard")
	var green := id_at(main.game, Vector2i(4, 1), "key")
	check(main.board._appeared.has(green), "the green key grows in")
	for letter in POND_SOLUTION.substr(2):
		main.do_action(ACTIONS[letter.to_lower()])
	check(main.game.is_solved(), "the pond is solved by its solution")
	check(sounds.requested.has("door_open"), "the green door is heard opening")
	main.queue_free()
	await tree.process_frame
