extends Node2D
## The game: a MusclemanGame node plays the level, the board draws a floor
## of it (the player's, or the one looked at), the sounds node plays what
## each action asks for, the HUD shows the level, the floor, counters, the
## par, keys, and the collections and their levels to pick from (solved
## marks, best moves and pushes, par, the levels the rules in use cannot
## play): the built-in ones, and any level file opened from the picker (a
## FileDialog; the node reads it as the terminal does). A switch plays by
## Sokoban's rules, as the terminal's `--rules sokoban`. Progress is kept between runs
## in `progress_dir` (Godot's user folder) by the node, in the terminal's own
## format; the game opens where it was left.
##
## Keys come from the input map, whose actions are named after the sim's
## actions (`up`, `grab`, `swing_left`, `undo`, ...), plus `next_level`,
## `prev_level`, `look_at_next_floor`, `toggle_mute` and `toggle_help`.
## A level opens with its introduction (its author and comment) over the
## board until the next key; H or F1 shows its help (the node's words:
## the goal, the rules, every thing it holds), which the next key closes.

const SIDEBAR_WIDTH := 300.0
const MARGIN := 16.0
const TOP := 66.0
const BOTTOM := 40.0

## Where progress is kept (set before the scene enters the tree; "": in
## memory only, for this run).
var progress_dir := "user://"
## The collection playing, from 0 (the built-in ones, then the files opened).
var collection := 0
## The level playing now, from 0.
var level := 0
## The cell looked at (X, or a right click on the board), or (-1, -1).
var look_cell := Vector2i(-1, -1)
## The floor looked at without moving (from 1), or 0 to show the player's.
var looking := 0
## How the last action changed the player's floor: "Up to", "Down to" (the
## stairs), "Back on" (undo, redo or restart), or "" (it did not).
var floor_change := ""
## Whether the line under the board shows a hint's answer (an action clears it).
var _hint_shown := false
## What the stairs did in the action running now (`level_transition`).
var _climbed := ""

@onready var game: Node = $Game
@onready var board: Node2D = $Board
@onready var sounds: Node = $Sounds
@onready var title_label: Label = $Hud/Title
@onready var floor_label: Label = $Hud/Floor
@onready var stats_label: Label = $Hud/Stats
@onready var help_label: Label = $Hud/Help
@onready var banner: PanelContainer = $Hud/Banner
@onready var banner_label: Label = $Hud/Banner/Text
@onready var intro_panel: PanelContainer = $Hud/Intro
@onready var intro_label: Label = $Hud/Intro/Text
@onready var help_panel: PanelContainer = $Hud/HelpPanel
@onready var help_text: Label = $Hud/HelpPanel/Scroll/Text
@onready var look_panel: PanelContainer = $Hud/LookPanel
@onready var look_label: Label = $Hud/LookPanel/Text
@onready var level_list: ItemList = $Hud/Levels
@onready var collection_picker: OptionButton = $Hud/Collections
@onready var rules_switch: CheckButton = $Hud/Rules
@onready var file_dialog: FileDialog = $FileDialog
@onready var notice_label: Control = $Hud/Notice


func _ready() -> void:
	game.moved.connect(board._on_moved)
	game.swung.connect(board._on_swung)
	game.sound_hint.connect(board._on_sound_hint)
	game.level_transition.connect(_on_level_transition)
	game.solved.connect(_on_solved)
	sounds.setup(game)
	var warnings := PackedStringArray()
	if not progress_dir.is_empty():
		warnings = game.open_progress(ProjectSettings.globalize_path(progress_dir))
	fill_picker()
	collection_picker.item_selected.connect(_on_picked)
	rules_switch.toggled.connect(use_sokoban_rules)
	file_dialog.file_selected.connect(open_level_file)
	level_list.item_selected.connect(load_level)
	get_viewport().size_changed.connect(_layout)
	var left: Vector2i = game.where_left()
	if left.x >= 0:
		collection = left.x
		level = left.y
	collection_picker.select(collection)
	fill_level_list()
	load_level(level)
	if not warnings.is_empty():
		notice("   ".join(warnings))


func _unhandled_input(event: InputEvent) -> void:
	var key := event is InputEventKey and event.is_pressed() and not event.is_echo()
	if help_panel.visible and key:
		# The key that closes the help does nothing else.
		help_panel.visible = false
		get_viewport().set_input_as_handled()
		return
	if key:
		intro_panel.visible = false
	if event is InputEventMouseButton and event.pressed and event.button_index == MOUSE_BUTTON_RIGHT:
		look_at_cell(board.cell_at(board.make_input_local(event).position))
	elif look_cell != Vector2i(-1, -1) and key:
		_look_key(event)
	elif event.is_action_pressed("look_at_cell"):
		look_at_cell(_player_cell())
	elif event.is_action_pressed("hint"):
		ask_hint()
	elif event.is_action_pressed("toggle_help"):
		show_help()
	elif event.is_action_pressed("next_level"):
		load_level(level + 1)
	elif event.is_action_pressed("prev_level"):
		load_level(level - 1)
	elif event.is_action_pressed("look_at_next_floor"):
		look_at_next_floor()
	elif event.is_action_pressed("toggle_mute"):
		sounds.toggle_mute()
		_update_hud()
	else:
		var action := _action_of(event)
		if action.is_empty():
			return
		do_action(action)
	get_viewport().set_input_as_handled()


## Return the sim action a key press stands for ("" for none); held keys repeat.
func _action_of(event: InputEvent) -> String:
	for action: String in game.action_names():
		if event.is_action_pressed(action, true):
			return action
	return ""


## Start level `number` (from 0; wraps around) of the collection playing,
## where it was left.
func load_level(number: int) -> void:
	level = posmod(number, level_list.item_count)
	if not game.load_collection_level(collection, level):
		push_error(game.last_error())
		return
	level_list.select(level)
	level_list.ensure_current_is_visible()
	_start()
	notice(game.progress_warning())


## Play collection `number` (from 0), at the level last played in it (its
## first when none).
func choose_collection(number: int) -> void:
	collection = number
	collection_picker.select(number)
	fill_level_list()
	load_level(maxi(game.left_in(number), 0))


## The picker's items: every collection by name, then the item that opens
## a level file.
func fill_picker() -> void:
	collection_picker.clear()
	for name: String in game.collection_names():
		collection_picker.add_item(name)
	collection_picker.add_item("Open a level file...")
	collection_picker.select(collection)


## An item picked: a collection, or the last item, which asks for a file.
func _on_picked(index: int) -> void:
	if index < game.collection_names().size():
		choose_collection(index)
		return
	collection_picker.select(collection)
	file_dialog.popup_centered_ratio(0.7)


## Open the level file at `path` (`res://`, `user://` or a plain path) as
## a collection of its own and play its level `number` (from 0; by
## default the one last played in it), where it was left; return false,
## with the node's message under the board (every error placed,
## `bad.txt:3:4: ...`), when it does not read.
func open_level_file(path: String, number: int = -1) -> bool:
	var opened: int = game.open_level_file(path)
	if opened < 0:
		notice(game.last_error())
		return false
	fill_picker()
	collection = opened
	collection_picker.select(opened)
	fill_level_list()
	load_level(number if number >= 0 else maxi(game.left_in(opened), 0))
	return true


## Play by Sokoban's rules (`on`) or Muscleman's: the list shows the
## records under them and marks the levels they cannot play, and the
## level playing opens again under them, where it was left under them.
func use_sokoban_rules(on: bool) -> void:
	game.use_sokoban_rules(on)
	rules_switch.set_pressed_no_signal(on)
	fill_level_list()
	load_level(level)


## List the levels of the collection playing: number, a mark (`*` solved,
## `x` the rules in use cannot play it, with why in its tooltip), title,
## best moves/pushes and par.
func fill_level_list() -> void:
	level_list.clear()
	var rows: Array = game.level_list(collection)
	for i in rows.size():
		var row: Dictionary = rows[i]
		var why: String = row["why_not"]
		var mark := "*" if row["solved"] else ("x" if not why.is_empty() else " ")
		var text := "%2d %s %s" % [i + 1, mark, row["title"]]
		var tip: String = row["title"]
		if row["best_moves"] != null:
			text += "   %d/%d" % [row["best_moves"], row["best_pushes"]]
			tip += "\nsolved: best %d moves, %d pushes" % [row["best_moves"], row["best_pushes"]]
		if row["par"] != null:
			text += "   par %d" % row["par"]
			tip += "\npar %d moves" % row["par"]
		if not why.is_empty():
			tip += "\n" + why
		level_list.add_item(text)
		level_list.set_item_tooltip(i, tip)
	var solved: int = game.solved_count(collection)
	collection_picker.set_item_text(
		collection,
		"%s   %d of %d solved" % [game.collection_names()[collection], solved, rows.size()]
	)
	if level < level_list.item_count:
		level_list.select(level)


## Ask the node for a hint from here: its search runs on a worker thread,
## polled each frame (`_process`), so the game plays on meanwhile.
func ask_hint() -> void:
	if game.ask_hint():
		notice("Hint: searching...")
	else:
		notice("No hint: " + game.last_error())


func _process(_delta: float) -> void:
	if not game.is_hint_searching():
		return
	var answer: String = game.poll_hint()
	if answer.is_empty():
		return
	notice(answer)
	_hint_shown = true
	_show_hint_cells()


## Show the hint's cells on the board (none once the position changed).
func _show_hint_cells() -> void:
	board.hint_cells.assign(game.hint_cells())
	board.queue_redraw()


## Look at cell `at` of the floor shown: its whole stack, top first, and
## each thing's words, in the node's words; the arrows move the look, X or
## Escape ends it.
func look_at_cell(at: Vector2i) -> void:
	look_cell = at
	board.cursor = at
	board.queue_redraw()
	var seen: Dictionary = game.look_at(shown_floor(), at)
	var lines := PackedStringArray(["%s: %s" % [seen["place"], seen["stack"]]])
	for thing: Dictionary in seen["things"]:
		if not thing["words"].is_empty():
			lines.append("%s: %s" % [thing["name"], thing["words"]])
	lines.append("arrows: look elsewhere   X or Esc: stop looking")
	look_label.text = "\n".join(lines)
	look_panel.visible = true
	_layout()


## Stop looking at a cell.
func stop_looking() -> void:
	look_cell = Vector2i(-1, -1)
	board.cursor = look_cell
	board.queue_redraw()
	look_panel.visible = false


## A key while looking at a cell: the arrows move the look, anything else
## ends it.
func _look_key(event: InputEvent) -> void:
	var steps := {
		"up": Vector2i.UP, "down": Vector2i.DOWN, "left": Vector2i.LEFT, "right": Vector2i.RIGHT
	}
	for action: String in steps:
		if event.is_action_pressed(action, true):
			look_at_cell(look_cell + steps[action])
			return
	stop_looking()


## Return the player's cell (on its floor).
func _player_cell() -> Vector2i:
	var player: int = game.player()
	for e: Dictionary in game.entities():
		if e["id"] == player:
			return e["cell"]
	return Vector2i.ZERO


## Show the level's introduction (its title, author and comment) when it
## has an author or a comment, until the next key.
func show_intro() -> void:
	var intro: Dictionary = game.intro()
	var lines := PackedStringArray([game.title()])
	if not intro["author"].is_empty():
		lines.append("by " + intro["author"])
	if not intro["comment"].is_empty():
		lines.append(intro["comment"])
	intro_panel.visible = lines.size() > 1
	intro_label.text = "\n".join(lines)


## Show the level's help, in the node's words: the goal, the rules in use,
## what the counters count, and every thing the level holds (glyph, name,
## words), until the next key.
func show_help() -> void:
	var help: Dictionary = game.help()
	var intro: Dictionary = game.intro()
	var lines := PackedStringArray([game.title()])
	if not intro["comment"].is_empty():
		lines.append(intro["comment"])
	lines.append("")
	lines.append("Goal: " + help["goal"])
	lines.append(help["rules"])
	lines.append("Moves: " + help["moves"])
	lines.append("")
	for thing: Dictionary in help["things"]:
		var names := PackedStringArray()
		for i in thing["names"].size():
			names.append("%s %s" % [thing["glyphs"][i], thing["names"][i]])
		lines.append("%s: %s" % [", ".join(names), thing["words"]])
	lines.append("")
	lines.append("any key: close")
	help_text.text = "\n".join(lines)
	intro_panel.visible = false
	help_panel.visible = true
	_layout()


## Show a line (or a few) under the board until the next level opens: the
## progress kept, a hint, a file that did not read ("" hides it).
func notice(text: String) -> void:
	notice_label.text = text
	notice_label.visible = not text.is_empty()
	_layout()


## Start level `number` (from 0) of a level file: `open_level_file`.
func load_level_file(path: String, number: int = 0) -> bool:
	return open_level_file(path, number)


## Show the level just loaded, with its introduction.
func _start() -> void:
	_show_banner()
	help_panel.visible = false
	stop_looking()
	_show_hint_cells()
	show_intro()
	looking = 0
	floor_change = ""
	board.begin()
	board.show_view(game, 0, false)
	_layout()
	_update_hud()


## Apply one action by its name and show the result on the player's floor
## (an action ends a look at another floor).
func do_action(action: String) -> void:
	var before: int = game.player_floor()
	intro_panel.visible = false
	stop_looking()
	looking = 0
	_climbed = ""
	board.begin()
	if not game.act(action):
		push_error(game.last_error())
	var now: int = game.player_floor()
	floor_change = ""
	if now != before:
		# Undo, redo and restart move the player back without the stairs' signal.
		floor_change = _climbed if not _climbed.is_empty() else "Back on"
	board.show_view(game, now)
	sounds.play_all(game.last_sounds())
	_show_hint_cells()
	if _hint_shown:
		_hint_shown = false
		notice("")
	_show_banner()
	if banner.visible:
		fill_level_list()
	if not game.progress_warning().is_empty():
		notice(game.progress_warning())
	_update_hud()


## Return the floor the board shows: the one looked at, or the player's.
func shown_floor() -> int:
	return looking if looking > 0 else game.player_floor()


## Show the next floor (the first after the last) without moving; back on
## the player's, stop looking. A level with one floor has nothing to show.
func look_at_next_floor() -> void:
	var count: int = game.floor_count()
	if count < 2:
		return
	var next := shown_floor() % count + 1
	looking = 0 if next == game.player_floor() else next
	floor_change = ""
	board.begin()
	board.show_view(game, next)
	_update_hud()


## Return "floor 2 of 3: Landing" (without the name when the level gives none).
func floor_text(floor_number: int) -> String:
	var text := "floor %d of %d" % [floor_number, game.floor_count()]
	var named: String = game.floor_name(floor_number)
	return text if named.is_empty() else "%s: %s" % [text, named]


func _on_level_transition(
	_player: int, _stairs: int, _carried: int, from_floor: int, to_floor: int
) -> void:
	_climbed = "Up to" if to_floor > from_floor else "Down to"


func _on_solved() -> void:
	_show_banner()


## Show the Solved banner while the level is solved: the node's lines
## (moves, pushes, par, what improved, the best so far), then the keys.
func _show_banner() -> void:
	var lines: PackedStringArray = game.solved_lines()
	banner.visible = not lines.is_empty()
	if banner.visible:
		lines.append("N: next level   Z: undo")
		banner_label.text = "\n".join(lines)


func _update_hud() -> void:
	title_label.text = "%d. %s" % [level + 1, game.title()]
	floor_label.visible = game.floor_count() > 1
	if looking > 0:
		floor_label.text = "looking at %s   F: the next floor" % floor_text(looking)
	elif not floor_change.is_empty():
		floor_label.text = "%s %s" % [floor_change, floor_text(game.player_floor())]
	else:
		floor_label.text = floor_text(game.player_floor())
	var parts := ["moves %d" % game.moves(), "pushes %d" % game.pushes()]
	if game.par() != null:
		parts.append("par %d" % game.par())
	var counters: Dictionary = game.counters()
	for name: String in counters:
		if counters[name] > 0:
			parts.append("%s %d" % [name.replace("_", " "), counters[name]])
	var held := _held_kind()
	if not held.is_empty():
		parts.append("holding " + held.replace("_", " "))
	if rules_switch.button_pressed:
		parts.append("%s rules" % game.rules_name())
	if sounds.muted:
		parts.append("sound off (M)")
	stats_label.text = "   ".join(parts)


## Return the kind of what the player holds ("" when it holds nothing).
func _held_kind() -> String:
	var held: int = game.holding()
	if held == 0:
		return ""
	for e: Dictionary in game.entities():
		if e["id"] == held:
			return e["kind"]
	return ""


## Fit the board (every floor's rectangle) into the room the HUD leaves, centred.
func _layout() -> void:
	var view := get_viewport_rect().size
	var room := Vector2(view.x - SIDEBAR_WIDTH - 2 * MARGIN, view.y - TOP - BOTTOM)
	var whole: Vector2i = game.all_floors_size()
	var cells := Vector2(maxi(whole.x, 1), maxi(whole.y, 1))
	board.cell_size = clampf(floorf(minf(room.x / cells.x, room.y / cells.y)), 12.0, 72.0)
	var size: Vector2 = board.pixel_size()
	board.position = Vector2(MARGIN, TOP) + ((room - size) / 2.0).floor()
	board.queue_redraw()
	collection_picker.position = Vector2(view.x - SIDEBAR_WIDTH, TOP)
	collection_picker.size = Vector2(SIDEBAR_WIDTH - MARGIN, 32)
	rules_switch.position = Vector2(view.x - SIDEBAR_WIDTH, TOP + 36)
	level_list.position = Vector2(view.x - SIDEBAR_WIDTH, TOP + 72)
	level_list.size = Vector2(SIDEBAR_WIDTH - MARGIN, view.y - TOP - BOTTOM - 72)
	# Its last line just above the keys, however many it has.
	notice_label.size = Vector2(room.x, 0)
	notice_label.reset_size()
	notice_label.position = Vector2(MARGIN, view.y - BOTTOM + 6 - notice_label.size.y)
	help_label.position = Vector2(MARGIN, view.y - BOTTOM + 8)
	intro_panel.reset_size()
	intro_panel.position = Vector2(
		MARGIN + floorf((room.x - intro_panel.size.x) / 2.0), view.y - BOTTOM - intro_panel.size.y
	)
	look_panel.reset_size()
	look_panel.position = Vector2(
		MARGIN + floorf((room.x - look_panel.size.x) / 2.0), view.y - BOTTOM - look_panel.size.y
	)
	help_panel.position = Vector2(MARGIN, TOP)
	help_panel.size = Vector2(room.x, room.y)
	# Over the top of the room, where a level has walls, not over its boxes.
	banner.reset_size()
	banner.position = Vector2(MARGIN + floorf((room.x - banner.size.x) / 2.0), TOP - 4.0)
