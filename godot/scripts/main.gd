extends Node2D
## The game: a MusclemanGame node plays the level, the board draws it, the
## HUD shows the level, counters, keys and the built-in levels to pick from.
##
## Keys come from the input map, whose actions are named after the sim's
## actions (`up`, `grab`, `swing_left`, `undo`, ...), plus `next_level`
## and `prev_level`.

const SIDEBAR_WIDTH := 230.0
const MARGIN := 16.0
const TOP := 56.0
const BOTTOM := 40.0

## The level playing now, from 0.
var level := 0

@onready var game: Node = $Game
@onready var board: Node2D = $Board
@onready var title_label: Label = $Hud/Title
@onready var stats_label: Label = $Hud/Stats
@onready var help_label: Label = $Hud/Help
@onready var banner: PanelContainer = $Hud/Banner
@onready var level_list: ItemList = $Hud/Levels


func _ready() -> void:
	game.moved.connect(board._on_moved)
	game.swung.connect(board._on_swung)
	game.solved.connect(_on_solved)
	for title: String in game.builtin_titles():
		level_list.add_item("%2d  %s" % [level_list.item_count + 1, title])
	level_list.item_selected.connect(load_level)
	get_viewport().size_changed.connect(_layout)
	load_level(0)


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed("next_level"):
		load_level(level + 1)
	elif event.is_action_pressed("prev_level"):
		load_level(level - 1)
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


## Start built-in level `number` (from 0; wraps around).
func load_level(number: int) -> void:
	level = posmod(number, level_list.item_count)
	if not game.load_builtin(level):
		push_error(game.last_error())
		return
	level_list.select(level)
	level_list.ensure_current_is_visible()
	banner.visible = false
	board.begin()
	board.show_view(game, false)
	_layout()
	_update_hud()


## Apply one action by its name and show the result.
func do_action(action: String) -> void:
	board.begin()
	if not game.act(action):
		push_error(game.last_error())
	board.show_view(game)
	banner.visible = game.is_solved()
	_update_hud()


func _on_solved() -> void:
	banner.visible = true


func _update_hud() -> void:
	title_label.text = "%d. %s" % [level + 1, game.title()]
	var parts := ["moves %d" % game.moves(), "pushes %d" % game.pushes()]
	var counters: Dictionary = game.counters()
	for name: String in counters:
		if counters[name] > 0:
			parts.append("%s %d" % [name.replace("_", " "), counters[name]])
	var held := _held_kind()
	if not held.is_empty():
		parts.append("holding " + held.replace("_", " "))
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


## Fit the board into the room the HUD leaves, centred.
func _layout() -> void:
	var view := get_viewport_rect().size
	var room := Vector2(view.x - SIDEBAR_WIDTH - 2 * MARGIN, view.y - TOP - BOTTOM)
	var cells := Vector2(maxi(game.size().x, 1), maxi(game.size().y, 1))
	board.cell_size = clampf(floorf(minf(room.x / cells.x, room.y / cells.y)), 12.0, 72.0)
	var size: Vector2 = board.pixel_size()
	board.position = Vector2(MARGIN, TOP) + ((room - size) / 2.0).floor()
	board.queue_redraw()
	level_list.position = Vector2(view.x - SIDEBAR_WIDTH, TOP)
	level_list.size = Vector2(SIDEBAR_WIDTH - MARGIN, view.y - TOP - BOTTOM)
	help_label.position = Vector2(MARGIN, view.y - BOTTOM + 8)
	# Over the top of the room, where a level has walls, not over its boxes.
	banner.reset_size()
	banner.position = Vector2(MARGIN + floorf((room.x - banner.size.x) / 2.0), TOP - 4.0)
