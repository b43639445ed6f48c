extends "res://tests/suite.gd"
## The MusclemanGame node in a real Godot: its signals, its funcs, a
## built-in level played to solved, undo, redo, restart, saves, floors.

## First Steps, the first built-in level, and its stored solution.
const FIRST_STEPS_SOLUTION := "rddRRdrU"


func test_every_signal_is_declared_with_its_parameters() -> void:
	# What the node must declare comes from the sim's event catalogue.
	var game := new_game()
	var wanted: Dictionary = game.signal_parameters()
	check_eq(Array(game.signal_names()), wanted.keys(), "signal_names()")
	for name in ["moved", "ghost_released", "solved"]:
		check(wanted.has(name), "the catalogue gives " + name)
	var declared := {}
	for info: Dictionary in ClassDB.class_get_signal_list("MusclemanGame", true):
		declared[info["name"]] = info["args"].map(func(a: Dictionary) -> String: return a["name"])
	for name: String in wanted:
		check_eq(declared.get(name), Array(wanted[name]), "parameters of " + name)
	check_eq(declared.get("sim_event"), ["name", "fields"], "parameters of sim_event")
	for name: String in declared:
		check(wanted.has(name) or name == "sim_event", "a signal the catalogue has not: " + name)
	game.free()


func test_a_builtin_level_plays_to_solved_then_undo_redo_and_restart() -> void:
	var game := new_game()
	var log := []
	record(game, log)
	check(game.builtin_titles().size() > 30, "the built-in levels")
	check(game.load_builtin(0), "load_builtin(0)")
	check_eq(game.title(), "First Steps", "title")
	var start: Array = game.entities()
	var dirs := {"u": Vector2i.UP, "r": Vector2i.RIGHT, "d": Vector2i.DOWN, "l": Vector2i.LEFT}
	for letter in FIRST_STEPS_SOLUTION:
		check(game.move(dirs[letter.to_lower()]), "move " + letter)
	check(game.is_solved(), "solved after the stored solution")
	var names := log.map(func(s: Array) -> String: return s[0])
	check_eq(names.count("solved"), 1, "one solved signal")
	check_eq(names.back(), "solved", "solved comes last")
	check_eq(names.count("moved"), 8 + 3, "eight player moves and three box pushes")
	check_eq(game.moves(), 8, "moves")
	check_eq(game.pushes(), 3, "pushes")
	check_eq(game.undo_depth(), 8, "undo depth")

	log.clear()
	check(game.undo(), "undo")
	check(not game.is_solved(), "unsolved after undo")
	check_eq(log.map(func(s: Array) -> String: return s[4]), ["undo", "undo"], "undo causes")
	check_eq(game.redo_depth(), 1, "redo depth")
	log.clear()
	check(game.redo(), "redo")
	check(game.is_solved(), "solved after redo")
	check_eq(log.back(), ["solved"], "redo solves again")

	log.clear()
	check(game.restart(), "restart")
	check_eq(game.entities(), start, "restart gives back the start")
	check(not log.is_empty(), "restart moves things back")
	check(log.all(func(s: Array) -> bool: return s[0] == "moved" and s[4] == "restart"),
		"restart emits only moves with cause restart")
	check(game.undo(), "undo the restart")
	check(game.is_solved(), "undoing the restart gives back the solved position")
	game.free()


func test_a_push_signals_the_far_box_first_then_the_player() -> void:
	# Before: #@$$ #   After: # @$$#
	var log := []
	var game := recorded("######\n#@$$ #\n######\n", log)
	var player: int = game.player()
	var near := id_at(game, Vector2i(2, 1), "box")
	var far := id_at(game, Vector2i(3, 1), "box")
	check(game.act("right"), "push right")
	check_eq(log, [
		["moved", far, Vector2i(3, 1), Vector2i(4, 1), "push"],
		["moved", near, Vector2i(2, 1), Vector2i(3, 1), "push"],
		["moved", player, Vector2i(1, 1), Vector2i(2, 1), "player"],
	], "push")
	log.clear()
	check(game.act("right"), "a refused push is still a call that worked")
	check_eq(log, [["sound_hint", player, "bump"]], "a refused push only bumps")
	check_eq(game.facing(), Vector2i.RIGHT, "facing")
	log.clear()
	check(game.act("undo"), "undo")
	check_eq(log, [
		["moved", player, Vector2i(2, 1), Vector2i(1, 1), "undo"],
		["moved", near, Vector2i(3, 1), Vector2i(2, 1), "undo"],
		["moved", far, Vector2i(4, 1), Vector2i(3, 1), "undo"],
	], "undo: the step's moves back, in reverse order")
	game.free()


func test_a_grab_a_swing_with_a_shove_a_blocked_swing_and_a_drop() -> void:
	# Before   grab, swing left   swing left again: blocked at V (the wall)
	# #####    #####
	# #@  #    #@$ #
	# #$$ #    #  $#
	# #####    #####
	var log := []
	var game := recorded("#####\n#@  #\n#$$ #\n#####\n", log)
	var player: int = game.player()
	var held := id_at(game, Vector2i(1, 2), "box")
	var other := id_at(game, Vector2i(2, 2), "box")
	check(game.grab(), "grab")
	check_eq(game.holding(), held, "holding")
	check(game.swing_left(), "swing left")
	check(game.swing_left(), "swing left again")
	check(game.drop(), "drop")
	check_eq(game.holding(), 0, "empty hands")
	check_eq(log, [
		["grab_attached", player, held],
		["moved", other, Vector2i(2, 2), Vector2i(3, 2), "push"],
		["moved", held, Vector2i(1, 2), Vector2i(2, 1), "swing"],
		["swung", player, Vector2i(1, 2), Vector2i(2, 2), Vector2i(2, 1)],
		["swing_blocked", player, "via"],
		["grab_released", player, held],
	], "grab, swing, blocked swing, drop")
	check_eq(game.facing(), Vector2i.RIGHT, "facing after the swing")
	game.free()


func test_a_plate_opens_its_door_and_a_pull_closes_it() -> void:
	# Before: #@$p R  #   push right: the box presses the plate, the door opens;
	# grab: a held box is lifted and presses nothing, so the plate is
	# released and the door closes; step back: the box comes along.
	var log := []
	var level := "legend: p = PressurePlateRed\nlegend: R = DoorRed\n#########\n#@$p R  #\n#########\n"
	var game := recorded(level, log)
	var player: int = game.player()
	var box := id_at(game, Vector2i(2, 1), "box")
	var plate := id_at(game, Vector2i(3, 1), "plate")
	var door := id_at(game, Vector2i(5, 1), "door")
	check(game.play("r"), "push onto the plate")
	check_eq(log, [
		["moved", box, Vector2i(2, 1), Vector2i(3, 1), "push"],
		["moved", player, Vector2i(1, 1), Vector2i(2, 1), "player"],
		["plate_pressed", plate],
		["door_opened", door],
	], "plate and door")
	check(game.cell(Vector2i(5, 1))[0]["state"] == "open", "the door is drawn open")
	log.clear()
	check(game.play("gl"), "grab and pull back")
	check_eq(log, [
		["grab_attached", player, box],
		["plate_released", plate],
		["door_closed", door],
		["moved", player, Vector2i(2, 1), Vector2i(1, 1), "player"],
		["moved", box, Vector2i(3, 1), Vector2i(2, 1), "push"],
	], "lift off the plate, then pull")
	check(game.cell(Vector2i(5, 1))[0]["state"] == "", "the door is drawn closed")
	game.free()


func test_a_key_pushed_into_its_door_is_used_up_and_opens_it() -> void:
	# Before: # @rR  #   After: #  @R  # (the door open for good, the key gone)
	var log := []
	var level := "legend: r = KeyRed\nlegend: R = DoorRed\n#######\n# @rR #\n#######\n"
	var game := recorded(level, log)
	var player: int = game.player()
	var key := id_at(game, Vector2i(3, 1), "key")
	var door := id_at(game, Vector2i(4, 1), "door")
	check(game.move(Vector2i.RIGHT), "push the key")
	check_eq(log, [
		["key_consumed", key, door],
		["door_opened", door],
		["moved", player, Vector2i(2, 1), Vector2i(3, 1), "player"],
	], "key into door")
	check_eq(id_at(game, Vector2i(3, 1), "key"), 0, "the key is gone")
	game.free()


func test_handlers_may_read_the_node_while_it_emits() -> void:
	var game := new_game()
	var seen := []
	game.moved.connect(
		func(entity: int, _from: Vector2i, to: Vector2i, _cause: String) -> void:
			seen.append(id_at(game, to, "player") == entity or id_at(game, to, "box") == entity)
	)
	check(game.load_builtin(0), "load")
	check(game.play(FIRST_STEPS_SOLUTION), "play")
	check_eq(seen.size(), 11, "every move seen")
	check(seen.all(func(ok: bool) -> bool: return ok), "each entity is where its signal says")
	# A handler may even play: restart as soon as the level is solved.
	game.solved.connect(func() -> void: game.restart())
	check(game.load_builtin(0), "load again")
	check(game.play(FIRST_STEPS_SOLUTION), "play again")
	check(not game.is_solved(), "the handler restarted the level")
	check_eq(game.moves(), 0, "back at the start")
	game.free()


func test_saves_load_back_and_bad_input_is_refused() -> void:
	var game := new_game()
	check(not game.has_level(), "no level at first")
	check(not game.act("up"), "no step without a level")
	check_eq(game.last_error(), "no level is loaded", "last_error")
	check(game.load_builtin(19), "Coin Run")
	check(game.play("ru"), "collect")
	check_eq(game.counters()["coins"], 1, "one coin")
	var save: String = game.save()
	var other := new_game()
	check(other.load_save(save), "load the save")
	check_eq(other.entities(), game.entities(), "same entities")
	check_eq(other.counters(), game.counters(), "same counters")
	check_eq(other.title(), "Coin Run", "title from the save")
	other.free()

	var log := []
	record(game, log)
	var before: Array = game.entities()
	check(not game.load_level("#@#\n#Q#\n", 0), "a level that does not read")
	check(game.last_error().begins_with("the level does not read"), game.last_error())
	var count: int = game.builtin_titles().size()
	check(not game.load_builtin(count), "no level past the last")
	check(not game.load_save("{"), "a broken save")
	check(not game.act("jump"), "an unknown action")
	check(not game.move(Vector2i(1, 1)), "a diagonal")
	check(not game.play("rrq"), "a bad letter")
	check_eq(game.entities(), before, "nothing changed")
	check_eq(log, [], "no signal")
	check(not game.load_level_file("res://no/such/file.txt", 0), "a missing file")
	game.free()


func test_a_heavy_box_sinks_a_hammer_smashes_and_the_player_collects() -> void:
	# Before      push right: the heavy box sinks     grab the hammer, swing left:
	# #######     #######                             the box at V breaks and
	# #@&~  #     # @_  #  (_: the sunk box, walkable) leaves its coin
	# #hx   #     #hx   #
	# #######     #######
	var log := []
	var level := "legend: h = Hammer\nlegend: x = Box(Coin)\n#######\n#@&~  #\n#hx   #\n#######\n"
	var game := recorded(level, log)
	var player: int = game.player()
	var heavy := id_at(game, Vector2i(2, 1), "heavy_box")
	var hammer := id_at(game, Vector2i(1, 2), "hammer")
	var crate := id_at(game, Vector2i(2, 2), "box")
	check(game.play("r"), "push the heavy box into the water")
	check_eq(log, [
		["moved", heavy, Vector2i(2, 1), Vector2i(3, 1), "push"],
		["moved", player, Vector2i(1, 1), Vector2i(2, 1), "player"],
		["sank", heavy],
	], "sink")
	check_eq(game.cell(Vector2i(3, 1)).map(func(e: Dictionary) -> String: return e["kind"]),
		["sunk_heavy_box", "water"], "the sunk box fills the water (cells list ids in order)")

	log.clear()
	# Left, then down: the hammer cannot be pushed into the wall, but the
	# player turns to face it; grab it and swing left (V is the box).
	check(game.play("ldg["), "back, turn, grab the hammer, swing")
	check_eq(log.slice(0, 3), [
		["moved", player, Vector2i(2, 1), Vector2i(1, 1), "player"],
		["sound_hint", player, "bump"],
		["grab_attached", player, hammer],
	], "walk back, bump into the hammer, and grab")
	check_eq(log.size(), 4, "the strike is one event")
	var smashed: Array = log.back()
	check_eq(smashed.slice(0, 2), ["smashed", crate], "smashed")
	var contents: PackedInt64Array = smashed[2]
	check_eq(contents.size(), 1, "one thing inside")
	check_eq(id_at(game, Vector2i(2, 2), "coin"), contents[0], "the coin spawned in the box's cell")

	log.clear()
	check(game.play("prd"), "drop, step right, step down onto the coin")
	check_eq(log, [
		["grab_released", player, hammer],
		["moved", player, Vector2i(1, 1), Vector2i(2, 1), "player"],
		["moved", player, Vector2i(2, 1), Vector2i(2, 2), "player"],
		["item_collected", contents[0], "coins"],
	], "collect")
	check_eq(game.counters()["coins"], 1, "counted")
	game.free()


func test_a_level_file_and_sokoban_rules() -> void:
	# Before: #@$$ #   Muscleman rules push the chain; Sokoban rules refuse it.
	var path := "user://two_boxes.txt"
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string("; Two Boxes\n######\n#@$$ #\n######\n")
	file.close()
	var game := new_game()
	var log := []
	record(game, log)
	check(game.load_level_file(path, 0), "load the file: " + game.last_error())
	check_eq(game.title(), "Two Boxes", "title from the file")
	check(game.act("right"), "push")
	check_eq(log.size(), 3, "the chain moved: two boxes and the player")
	log.clear()
	game.use_sokoban_rules(true)
	check(game.load_level_file(path, 0), "load again under Sokoban rules")
	check(game.act("right"), "push")
	var player: int = game.player()
	check_eq(log, [["sound_hint", player, "bump"]], "a box cannot push a box: a bump")
	log.clear()
	check(game.grab(), "grab")
	check_eq(log, [], "no hands under Sokoban rules: a grab does nothing, and is no move to bump")
	check_eq(game.holding(), 0, "nothing held")
	game.free()
	DirAccess.remove_absolute(path)


func test_a_floors_level_climbs_with_its_key_and_undo_comes_back_down() -> void:
	# Key Upstairs (built-in 27): push the key right, grab it, carry it up.
	# floor: Cellar  #######    floor: Hall  ##########
	#                #@k u #                 #   d R$.#
	#                #######                 ##########
	var game := new_game()
	var log := []
	record(game, log)
	check(game.load_builtin(26), "Key Upstairs")
	check_eq([game.floor_count(), game.player_floor()], [2, 1], "two floors, the player on the first")
	check_eq([game.floor_name(1), game.floor_name(2), game.floor_name(3)], ["Cellar", "Hall", ""],
		"floor names")
	check_eq([game.all_floors_origin(), game.all_floors_size()], [Vector2i.ZERO, Vector2i(10, 3)],
		"the rectangle every floor fits in")
	check_eq(game.size(), Vector2i(7, 3), "size(): the player's floor")
	check(game.entities().all(func(e: Dictionary) -> bool: return e["floor"] == 1),
		"entities(): the player's floor, each with its floor")
	check(game.pieces_on(2).all(func(e: Dictionary) -> bool: return e["floor"] == 2),
		"pieces_on(2): the Hall")
	check_eq(kinds(game.cell_on(2, Vector2i(4, 1))), ["stairs_down"], "the Hall's stairs")
	check(game.inside_on(2).has(Vector2i(1, 1)), "the Hall's floor area, reached from its stairs")
	var player: int = game.player()
	var key := id_at(game, Vector2i(2, 1), "key")
	var stairs := id_at(game, Vector2i(4, 1), "stairs_up")
	check(game.play("RgR"), "push the key, grab it, walk it onto the stairs")
	check_eq(game.player_floor(), 1, "not up yet")
	var before: Array = game.entities()

	log.clear()
	check(game.move(Vector2i.RIGHT), "up the stairs")
	check_eq(log.back(), ["level_transition", player, stairs, key, 1, 2], "level_transition")
	check_eq(game.player_floor(), 2, "on the Hall")
	check_eq(kinds(game.cell(Vector2i(4, 1))), ["player", "stairs_down"],
		"cell(): the player's floor, the Hall")
	check_eq(id_at(game, Vector2i(5, 1), "key"), key, "the key came along")
	check_eq(kinds(game.cell_on(1, Vector2i(4, 1))), ["stairs_up"], "the Cellar's stairs, left")
	check(game.inside_on(1).has(Vector2i(1, 1)), "the Cellar's floor area without the player")

	log.clear()
	check(game.undo(), "undo")
	check(not log.is_empty(), "undo moves things back")
	check(log.all(func(s: Array) -> bool: return s[0] == "moved" and s[4] == "undo"),
		"undo emits only moves (no level_transition)")
	check_eq(game.player_floor(), 1, "back on the Cellar")
	check_eq(game.entities(), before, "as before the climb")

	log.clear()
	check(game.redo(), "redo")
	check_eq(log.back(), ["level_transition", player, stairs, key, 1, 2], "redo climbs again")
	check(game.pieces_on(0).is_empty() and game.pieces_on(3).is_empty(), "no floor 0 or 3")
	check(game.inside_on(-1).is_empty() and game.cell_on(9, Vector2i(4, 1)).is_empty(),
		"no floor -1 or 9")
	check_eq(game.floor_name(0), "", "no name for no floor")
	game.free()
