extends Node2D
## Draws one floor of a game's view with shapes (no textures, nothing to
## import) and animates the moves the node signals.
##
## Art is drawn for a kind facing right: a piece with a `facing` (the
## player, a duck, a ghost; the sim's view gives it) is drawn turned its
## way, and a turn is animated (a ghost's half turn too). A piece new since
## the last view (a brew's product, a smash's spilled keys) grows in; one
## gone from it (a released ghost, a used key, a thing taken) rises and
## shrinks away, a ghost fading as it goes; a `sound_hint` shakes a bump
## and draws a quack's sound waves. What a piece holds (`contents`) is drawn in it where
## its art has room (a cauldron's key, a bong's two).
##
## main.gd calls `begin()` before each command, the node's `moved` and
## `swung` signals land in `_on_moved` / `_on_swung` while it runs, then
## `show_view()` takes the new view of the floor to show and tweens every
## moved entity from its old cell to its new one. When the floor shown
## changes (the player took stairs, an undo brought it back, or a look at
## another floor), the old floor plays its moves, fades out, and the new
## one fades in. Every floor is drawn from the same origin (the rectangle
## that holds them all), so stairs line up with their pair. A move of an
## entity on another floor than the one shown draws nothing: only the
## shown floor's pieces are drawn.

const Palette := preload("res://scripts/palette.gd")

## Each sound hint's kind's look, one line a kind (a test holds the keys to
## the node's `sound_kinds()`): a bump shakes the piece, a quack draws sound
## waves in front of it.
const HINT_LOOKS := {
	"bump": "shake",
	"quack": "waves",
}
const MOVE_SECONDS := 0.12
## How long the old floor takes to fade out, and the new one to fade in.
const FADE_SECONDS := 0.15

## The size of a cell in pixels.
var cell_size := 48.0
## The floor drawn, from 1.
var shown_floor := 1
## Every entity of that floor as the view gives it, in drawing order.
var pieces: Array[Dictionary] = []
## The floor area the view gives: the cells the player reaches without crossing a wall.
var inside := {}
## The cells that hold a strong wall.
var walls := {}
## The board's size in cells and its top-left cell: the rectangle every
## floor fits in.
var grid_size := Vector2i.ZERO
var grid_origin := Vector2i.ZERO
## The way the player faces and the id of what it holds (0: nothing).
var facing := Vector2i.DOWN
var holding := 0
## The cells the hint walks the player through (dots, the push's last).
var hint_cells: Array[Vector2i] = []
## The cell looked at (outlined), or (-1, -1) for none.
var cursor := Vector2i(-1, -1)
## For each id moved by the command running now: [from, to, via or null].
var _moves := {}
## For each id that turned in the last command: the angle it turned from.
var _turned := {}
## The ids new in the last command's view.
var _appeared := {}
## The pieces gone from the last command's view, as they were drawn before.
var _vanished: Array[Dictionary] = []
## For each id a `sound_hint` named in the command running now: its kind.
var _hints := {}
## 0 at the start of the last command's animation, 1 at its end.
var _progress := 1.0
## 0 at the start of a change of floor, 1 at its end: the old floor fades
## out up to 0.5, the new one fades in after.
var _fade := 1.0
## The floor shown before a change of floor, drawn while it fades out:
## `pieces`, `inside` and `walls` as they were.
var _leaving := {}
## The strong walls of the floor being drawn (for their shading).
var _walls_drawn := {}
var _tween: Tween


## Forget the moves of the last command: a new one is about to run.
func begin() -> void:
	_moves.clear()
	_hints.clear()


## Note a move the node signalled (connected to its `moved` signal).
func _on_moved(entity: int, from: Vector2i, to: Vector2i, _cause: String) -> void:
	var via: Variant = null
	if _moves.has(entity):
		from = _moves[entity][0]
	_moves[entity] = [from, to, via]


## Note a sound hint (connected to `sound_hint`): a bump shakes, a quack shows.
func _on_sound_hint(entity: int, kind: String) -> void:
	_hints[entity] = kind


## Note a swing's arc (connected to `swung`), so the held item swings round.
func _on_swung(_player: int, arc_from: Vector2i, arc_via: Vector2i, arc_to: Vector2i) -> void:
	for id: int in _moves:
		if _moves[id][0] == arc_from and _moves[id][1] == arc_to:
			_moves[id][2] = arc_via


## Take a new view of floor `floor_shown` (from 1; 0: the player's) from
## the node and animate what moved, and the change of floor if the floor
## shown changed.
func show_view(game: Object, floor_shown: int = 0, animate: bool = true) -> void:
	if floor_shown <= 0:
		floor_shown = game.player_floor()
	var changed := floor_shown != shown_floor
	_leaving = {}
	if changed and animate:
		_leaving = {"pieces": pieces.duplicate(), "inside": inside.duplicate(),
			"walls": walls.duplicate()}
	shown_floor = floor_shown
	grid_size = game.all_floors_size()
	grid_origin = game.all_floors_origin()
	facing = game.facing()
	holding = game.holding()
	var before := {}
	for e in pieces:
		before[e["id"]] = e
	pieces.clear()
	for e: Dictionary in game.pieces_on(shown_floor):
		pieces.append(e)
	pieces.sort_custom(_drawn_before)
	_find_inside(game)
	_find_changes(before, animate and not changed)
	if _tween:
		_tween.kill()
	modulate.a = 1.0
	_progress = 1.0
	_fade = 1.0
	var acted := not (_moves.is_empty() and _turned.is_empty() and _appeared.is_empty()
		and _hints.is_empty() and _vanished.is_empty())
	if animate and (changed or acted):
		_tween = create_tween()
		if acted:
			_progress = 0.0
			_tween.tween_method(_set_progress, 0.0, 1.0, MOVE_SECONDS)
		if changed:
			_fade = 0.0
			_tween.tween_method(_set_fade, 0.0, 1.0, 2.0 * FADE_SECONDS)
	else:
		_moves.clear()
		_hints.clear()
	queue_redraw()


## Note what turned and what is new since the view `before` (pieces by
## id), when the change is to be animated on the same floor.
func _find_changes(before: Dictionary, on_same_floor: bool) -> void:
	_turned.clear()
	_appeared.clear()
	_vanished.clear()
	if not on_same_floor or before.is_empty():
		return
	var present := {}
	for e in pieces:
		present[e["id"]] = true
	for id: int in before:
		if not present.has(id):
			_vanished.append(before[id])
	for e in pieces:
		var id: int = e["id"]
		if not before.has(id):
			_appeared[id] = true
			continue
		var was: Vector2i = before[id]["facing"]
		var now: Vector2i = e["facing"]
		if was != now and was != Vector2i.ZERO and now != Vector2i.ZERO:
			_turned[id] = Vector2(was).angle()


## Return whether a change of floor is being drawn.
func is_changing_floor() -> bool:
	return _fade < 1.0


## Return the board's size in pixels.
func pixel_size() -> Vector2:
	return Vector2(grid_size) * cell_size


func _set_progress(value: float) -> void:
	_progress = value
	queue_redraw()


func _set_fade(value: float) -> void:
	_fade = value
	modulate.a = absf(2.0 * value - 1.0)
	if value >= 1.0:
		_leaving = {}
	queue_redraw()


func _drawn_before(a: Dictionary, b: Dictionary) -> bool:
	# The layer each recipe declares: higher is drawn above.
	return a["layer"] < b["layer"]


## Take the floor area the view gives, and note the strong walls (for their shading).
func _find_inside(game: Object) -> void:
	inside = {}
	walls = {}
	for c: Vector2i in game.inside_on(shown_floor):
		inside[c] = true
	for e in pieces:
		if e["kind"] == "wall":
			walls[e["cell"]] = true


## Where an entity is drawn now, in cells (between its old and new cell while it moves).
func _cell_of(e: Dictionary) -> Vector2:
	var id: int = e["id"]
	if not _moves.has(id) or _progress >= 1.0:
		return Vector2(e["cell"])
	var m: Array = _moves[id]
	var a := Vector2(m[0])
	var b := Vector2(m[1])
	var t := _progress
	if m[2] != null:
		var v := Vector2(m[2])
		return a.lerp(v, t).lerp(v.lerp(b, t), t)
	return a.lerp(b, t)


## Return the cell at `pixel`, a point in the board's own coordinates.
func cell_at(pixel: Vector2) -> Vector2i:
	return Vector2i((pixel / cell_size).floor()) + grid_origin


func _rect_of(at: Vector2, inset: float = 0.0) -> Rect2:
	var p := (at - Vector2(grid_origin)) * cell_size
	return Rect2(p, Vector2(cell_size, cell_size)).grow(-inset * cell_size)


func _draw() -> void:
	# Through the first half of a change of floor, the floor left.
	if _fade < 0.5 and not _leaving.is_empty():
		_draw_floor(_leaving["pieces"], _leaving["inside"], _leaving["walls"])
	else:
		_draw_floor(pieces, inside, walls)
		if _progress < 1.0:
			for e in _vanished:
				_draw_piece(e, Vector2(e["cell"]), e["on_goal"], true)
	for i in hint_cells.size():
		var mid := _rect_of(Vector2(hint_cells[i])).get_center()
		var last := i == hint_cells.size() - 1
		draw_circle(mid, cell_size * (0.16 if last else 0.1), Color(0.95, 0.76, 0.31, 0.85))
	if cursor != Vector2i(-1, -1):
		draw_rect(_rect_of(Vector2(cursor)), Color(0.95, 0.76, 0.31), false, 3.0)


func _draw_floor(
	floor_pieces: Array[Dictionary], floor_area: Dictionary, floor_walls: Dictionary
) -> void:
	_walls_drawn = floor_walls
	for c: Vector2i in floor_area:
		var r := _rect_of(Vector2(c))
		draw_rect(r, Palette.FLOOR)
		draw_rect(r, Palette.FLOOR_LINE, false, 1.0)
	var player_at: Variant = null
	var held_at: Variant = null
	for e in floor_pieces:
		var at := _cell_of(e)
		if e["kind"] == "player":
			player_at = at
		if e["id"] == holding:
			held_at = at
	# The arm only where both ends are drawn (not on a floor looked at).
	if holding != 0 and player_at != null and held_at != null:
		_draw_arm(player_at, held_at)
	for e in floor_pieces:
		_draw_piece(e, _cell_of(e), e["on_goal"])


func _draw_piece(e: Dictionary, at: Vector2, on_goal: bool, vanishing := false) -> void:
	if vanishing:
		# Gone in this command: it rises half a cell and shrinks away.
		at += Vector2.UP * 0.5 * _progress
	var r := _rect_of(at)
	var mid := r.get_center()
	var id: int = e["id"]
	var way: Vector2i = e["facing"]
	var angle := Vector2(way).angle() if way != Vector2i.ZERO else 0.0
	var animating := _progress < 1.0
	if animating and _turned.has(id):
		angle = lerp_angle(_turned[id], angle, _progress)
	var grow := lerpf(0.3, 1.0, _progress) if animating and _appeared.has(id) else 1.0
	if vanishing:
		grow = lerpf(1.0, 0.4, _progress)
	var shake := Vector2.ZERO
	var look: String = HINT_LOOKS.get(_hints.get(id, ""), "") if animating else ""
	if look == "shake":
		shake = Vector2(way) * sin(_progress * TAU * 2.0) * cell_size * 0.08
	var turned := angle != 0.0 or grow != 1.0 or shake != Vector2.ZERO
	if turned:
		# Art is drawn facing right about the cell's centre: turn it, grow it, shake it.
		draw_set_transform_matrix(
			Transform2D(angle, Vector2(grow, grow), 0.0, mid + shake) * Transform2D(0.0, -mid)
		)
	_draw_art(e, r, on_goal, 1.0 - _progress if vanishing else 1.0)
	if turned:
		draw_set_transform_matrix(Transform2D.IDENTITY)
	if look == "waves":
		_draw_waves(mid, angle)


## Draw a piece's art; `alpha` fades what is drawn see-through (a ghost).
func _draw_art(e: Dictionary, r: Rect2, on_goal: bool, alpha: float) -> void:
	var s := cell_size
	var mid := r.get_center()
	match e["kind"]:
		"wall":
			# One solid mass: a lit top and a shaded foot only where the wall ends.
			draw_rect(r, Palette.WALL)
			var edge := maxf(2.0, s * 0.1)
			var c: Vector2i = e["cell"]
			if not _walls_drawn.has(c + Vector2i.UP):
				draw_rect(Rect2(r.position, Vector2(s, edge)), Palette.WALL_LIGHT)
			if not _walls_drawn.has(c + Vector2i.DOWN):
				draw_rect(Rect2(r.position + Vector2(0, s - edge), Vector2(s, edge)), Palette.WALL_DARK)
		"weak_wall":
			draw_rect(r, Palette.WEAK_WALL)
			for i in 3:
				var y := r.position.y + s * (i + 1) / 3.0
				draw_line(Vector2(r.position.x, y), Vector2(r.end.x, y), Palette.WEAK_WALL_LINE, 2.0)
			draw_line(mid + Vector2(-s * 0.2, -s * 0.3), mid + Vector2(s * 0.1, s * 0.3),
				Palette.BACKGROUND, 2.0)
		"water":
			draw_rect(r, Palette.WATER)
			for i in 2:
				var y := r.position.y + s * (0.35 + 0.3 * i)
				draw_arc(Vector2(mid.x - s * 0.15, y), s * 0.15, PI, TAU, 8, Palette.WATER_LINE, 2.0)
				draw_arc(Vector2(mid.x + s * 0.15, y), s * 0.15, 0, PI, 8, Palette.WATER_LINE, 2.0)
		"sunk_heavy_box":
			draw_rect(r, Palette.WATER)
			draw_rect(r.grow(-s * 0.1), Palette.SUNK)
			draw_rect(r.grow(-s * 0.1), Palette.HEAVY_DARK, false, 2.0)
		"goal":
			draw_arc(mid, s * 0.28, 0, TAU, 24, Palette.GOAL, maxf(2.0, s * 0.07))
			draw_circle(mid, s * 0.08, Palette.GOAL)
		"box":
			var inner := r.grow(-s * 0.1)
			draw_rect(inner, Palette.BOX_ON_GOAL if on_goal else Palette.BOX)
			draw_rect(inner, Palette.BOX_DARK, false, maxf(2.0, s * 0.06))
			draw_line(inner.position, inner.end, Palette.BOX_DARK, 2.0)
			draw_line(Vector2(inner.end.x, inner.position.y), Vector2(inner.position.x, inner.end.y),
				Palette.BOX_DARK, 2.0)
		"heavy_box":
			var inner := r.grow(-s * 0.08)
			draw_rect(inner, Palette.BOX_ON_GOAL.darkened(0.3) if on_goal else Palette.HEAVY)
			draw_rect(inner, Palette.HEAVY_DARK, false, maxf(3.0, s * 0.09))
			for corner: Vector2 in [Vector2(-1, -1), Vector2(1, -1), Vector2(1, 1), Vector2(-1, 1)]:
				draw_circle(mid + corner * s * 0.27, s * 0.05, Palette.HEAVY_DARK)
		"hammer":
			var handle := Rect2(mid + Vector2(-s * 0.06, -s * 0.12), Vector2(s * 0.12, s * 0.46))
			draw_rect(handle, Palette.HANDLE_LIGHT)
			draw_rect(handle, Palette.HANDLE, false, 2.0)
			var head := Rect2(mid + Vector2(-s * 0.3, -s * 0.34), Vector2(s * 0.6, s * 0.26))
			draw_rect(head, Palette.HAMMER_HEAD)
			draw_rect(head, Palette.HEAVY_DARK, false, 2.0)
		"key":
			var c := Palette.of(e["color"])
			draw_arc(mid + Vector2(-s * 0.15, 0), s * 0.13, 0, TAU, 16, c, maxf(2.0, s * 0.07))
			draw_line(mid + Vector2(-s * 0.02, 0), mid + Vector2(s * 0.32, 0), c, maxf(2.0, s * 0.08))
			draw_line(mid + Vector2(s * 0.22, 0), mid + Vector2(s * 0.22, s * 0.14), c, maxf(2.0, s * 0.07))
		"door", "secret_door":
			var c := Palette.SECRET if e["kind"] == "secret_door" else Palette.of(e["color"])
			if e["state"] == "open":
				draw_rect(r.grow(-s * 0.06), c, false, maxf(2.0, s * 0.06))
			else:
				draw_rect(r.grow(-s * 0.04), c)
				draw_rect(r.grow(-s * 0.04), c.darkened(0.4), false, 2.0)
				if e["kind"] == "door":
					draw_circle(mid + Vector2(0, -s * 0.06), s * 0.08, c.darkened(0.6))
					draw_rect(Rect2(mid + Vector2(-s * 0.03, -s * 0.04), Vector2(s * 0.06, s * 0.18)),
						c.darkened(0.6))
		"plate", "heavy_plate":
			# A flat pad: a frame in its colour, filled when pressed.
			var c := Palette.HEAVY_PLATE if e["kind"] == "heavy_plate" else Palette.of(e["color"])
			var pad := r.grow(-s * 0.16)
			draw_rect(pad, c.darkened(0.55))
			draw_rect(pad, c, false, maxf(2.0, s * 0.06))
			var pressed: bool = e["state"] == "pressed"
			draw_rect(pad.grow(-s * (0.1 if pressed else 0.16)), c if pressed else c.darkened(0.2))
			if e["kind"] == "heavy_plate":
				draw_rect(pad.grow(-s * 0.04), c.darkened(0.3), false, 1.0)
		"apple", "pear", "cheese", "coin", "collectible":
			var c: Color = Palette.ITEMS[e["kind"]]
			if e["kind"] == "cheese":
				draw_colored_polygon(PackedVector2Array([
					mid + Vector2(-s * 0.25, s * 0.18), mid + Vector2(s * 0.25, s * 0.18),
					mid + Vector2(s * 0.25, -s * 0.12)]), c)
			else:
				draw_circle(mid, s * 0.18, c)
				draw_arc(mid, s * 0.18, 0, TAU, 16, c.darkened(0.4), 2.0)
			if e["kind"] == "coin":
				draw_arc(mid, s * 0.11, 0, TAU, 16, c.darkened(0.3), maxf(1.5, s * 0.03))
			if e["kind"] == "apple" or e["kind"] == "pear":
				draw_line(mid + Vector2(0, -s * 0.16), mid + Vector2(s * 0.08, -s * 0.28),
					Palette.ITEMS["pear"].darkened(0.3), 2.0)
		"stairs_up", "stairs_down":
			_draw_stairs(r, e["kind"] == "stairs_up")
		"cauldron":
			_draw_cauldron(mid, e["contents"])
		"bong":
			_draw_bong(mid, e["contents"])
		"duck":
			_draw_duck(mid)
		"ghost":
			_draw_ghost(mid, Palette.tint(e["tint"]), alpha)
		"book":
			_draw_book(r, Palette.tint(e["tint"]))
		"player":
			_draw_player(mid)
		_:
			# A kind this board has no art for: the recipe's own glyph and tint.
			draw_rect(r.grow(-s * 0.2), Palette.tint(e["tint"]), false, 2.0)
			draw_string(ThemeDB.fallback_font, r.position + Vector2(s * 0.3, s * 0.7), e["glyph"],
				HORIZONTAL_ALIGNMENT_CENTER, s * 0.4, int(s * 0.5), Palette.tint(e["tint"]))


func _draw_stairs(r: Rect2, up: bool) -> void:
	# Steps, from the widest (the floor) to the narrowest, and an arrow the way they lead.
	var s := cell_size
	var inner := r.grow(-s * 0.1)
	draw_rect(inner, Palette.STAIRS_DARK)
	for i in 4:
		var w := inner.size.x * (1.0 - 0.2 * i)
		var h := inner.size.y / 4.0
		var y := inner.end.y - h * (i + 1) if up else inner.position.y + h * i
		draw_rect(Rect2(inner.position.x, y, w, h - 1.0), Palette.STAIRS.darkened(0.12 * i))
	var tip := Vector2(inner.end.x - s * 0.14, inner.position.y + s * (0.1 if up else 0.7))
	var base_y := tip.y + s * (0.16 if up else -0.16)
	draw_colored_polygon(PackedVector2Array([tip, Vector2(tip.x - s * 0.1, base_y),
		Vector2(tip.x + s * 0.1, base_y)]), Palette.STAIRS_ARROW)


func _draw_player(mid: Vector2) -> void:
	var s := cell_size
	draw_circle(mid, s * 0.36, Palette.PLAYER_DARK)
	draw_circle(mid, s * 0.31, Palette.PLAYER)
	# Eyes look right: the piece is drawn turned the way the player faces.
	var f := Vector2.RIGHT
	var side := Vector2(-f.y, f.x)
	for k: float in [-1.0, 1.0]:
		var eye := mid + f * s * 0.13 + side * s * 0.11 * k
		draw_circle(eye, s * 0.07, Color.WHITE)
		draw_circle(eye + f * s * 0.025, s * 0.035, Palette.BACKGROUND)


func _draw_arm(player_at: Vector2, held_at: Vector2) -> void:
	# An arm from the player's edge to a hand on the near edge of what it holds.
	var a := _rect_of(player_at).get_center()
	var b := _rect_of(held_at).get_center()
	var dir := (b - a).normalized()
	var start := a + dir * cell_size * 0.3
	var hand := b - dir * cell_size * 0.42
	draw_line(start, hand, Palette.PLAYER_DARK, maxf(3.0, cell_size * 0.1))
	draw_circle(hand, cell_size * 0.09, Palette.PLAYER)
	draw_arc(hand, cell_size * 0.09, 0, TAU, 12, Palette.PLAYER_DARK, 2.0)


## Return the points of an ellipse round `centre` with radii `radii`.
func _ellipse(centre: Vector2, radii: Vector2, steps: int = 20) -> PackedVector2Array:
	var points := PackedVector2Array()
	for i in steps:
		var a := TAU * i / steps
		points.append(centre + Vector2(cos(a) * radii.x, sin(a) * radii.y))
	return points


func _draw_duck(mid: Vector2) -> void:
	# Seen from above, facing right: tail, body, a wing, the head and its beak.
	var s := cell_size
	draw_colored_polygon(PackedVector2Array([mid + Vector2(-s * 0.24, -s * 0.1),
		mid + Vector2(-s * 0.4, 0), mid + Vector2(-s * 0.24, s * 0.1)]), Palette.DUCK_DARK)
	var body := _ellipse(mid + Vector2(-s * 0.06, 0), Vector2(s * 0.26, s * 0.2))
	draw_colored_polygon(body, Palette.DUCK)
	body.append(body[0])
	draw_polyline(body, Palette.DUCK_DARK, maxf(1.5, s * 0.03))
	draw_colored_polygon(_ellipse(mid + Vector2(-s * 0.1, 0), Vector2(s * 0.14, s * 0.1)),
		Palette.DUCK_DARK.lightened(0.25))
	var head := mid + Vector2(s * 0.2, 0)
	draw_colored_polygon(PackedVector2Array([head + Vector2(s * 0.08, -s * 0.06),
		head + Vector2(s * 0.24, 0), head + Vector2(s * 0.08, s * 0.06)]), Palette.BEAK)
	draw_circle(head, s * 0.13, Palette.DUCK)
	draw_arc(head, s * 0.13, 0, TAU, 16, Palette.DUCK_DARK, maxf(1.5, s * 0.03))
	for k: float in [-1.0, 1.0]:
		draw_circle(head + Vector2(s * 0.05, s * 0.065 * k), s * 0.03, Palette.BACKGROUND)


func _draw_ghost(mid: Vector2, c: Color, alpha: float) -> void:
	# A see-through sheet seen from above, facing right: a round head, a
	# body trailing off in three wisps behind, two eyes looking ahead.
	var s := cell_size
	var body := c
	body.a = 0.55 * alpha
	var points := PackedVector2Array()
	for i in 13:
		var a := -PI / 2.0 + PI * i / 12.0
		points.append(mid + Vector2(s * 0.06, 0) + Vector2.from_angle(a) * s * 0.3)
	for i in 7:
		# The wisps, from the bottom edge back to the top.
		var y := s * (0.3 - 0.1 * i)
		var x := -s * (0.36 if i % 2 == 0 else 0.24)
		points.append(mid + Vector2(x, y))
	draw_colored_polygon(points, body)
	var rim := c
	rim.a = 0.9 * alpha
	points.append(points[0])
	draw_polyline(points, rim, maxf(1.5, s * 0.03))
	var eye := Palette.BACKGROUND
	eye.a = alpha
	for k: float in [-1.0, 1.0]:
		draw_circle(mid + Vector2(s * 0.16, s * 0.1 * k), s * 0.05, eye)


func _draw_book(r: Rect2, c: Color) -> void:
	# A closed book from above: its cover, a darker spine and the pages' edge.
	var s := cell_size
	var cover := r.grow(-s * 0.18)
	draw_rect(cover, c)
	draw_rect(Rect2(cover.position, Vector2(s * 0.1, cover.size.y)), c.darkened(0.4))
	draw_rect(Rect2(Vector2(cover.end.x - s * 0.06, cover.position.y + s * 0.03),
		Vector2(s * 0.05, cover.size.y - s * 0.06)), Palette.TINTS["plain"])
	draw_rect(cover, c.darkened(0.5), false, maxf(1.5, s * 0.03))


func _draw_waves(mid: Vector2, angle: float) -> void:
	# Sound waves in front of a duck that quacked, fading as the step plays.
	var s := cell_size
	var c := Palette.DUCK
	c.a = 1.0 - _progress
	for i in 2:
		var radius := s * (0.42 + 0.12 * i + 0.1 * _progress)
		draw_arc(mid, radius, angle - 0.5, angle + 0.5, 8, c, maxf(1.5, s * 0.04))


func _draw_cauldron(mid: Vector2, contents: Array) -> void:
	# A pot seen from above on three feet; a key inside colours the brew.
	var s := cell_size
	for i in 3:
		var foot := mid + Vector2.from_angle(TAU * i / 3.0 + PI / 6.0) * s * 0.38
		draw_circle(foot, s * 0.06, Palette.CAULDRON_DARK)
	draw_circle(mid, s * 0.36, Palette.CAULDRON_DARK)
	draw_circle(mid, s * 0.32, Palette.CAULDRON)
	var brew := Palette.BREW_EMPTY
	if not contents.is_empty():
		brew = Palette.of(contents[0]["color"])
	draw_circle(mid, s * 0.24, brew.darkened(0.35))
	draw_circle(mid, s * 0.2, brew)
	if not contents.is_empty():
		# Bubbles: the mark of a key in the pot.
		draw_circle(mid + Vector2(-s * 0.07, -s * 0.05), s * 0.045, brew.lightened(0.5))
		draw_circle(mid + Vector2(s * 0.08, s * 0.04), s * 0.035, brew.lightened(0.5))
		draw_circle(mid + Vector2(s * 0.01, s * 0.1), s * 0.025, brew.lightened(0.5))


func _draw_bong(mid: Vector2, contents: Array) -> void:
	# A glass flask: a round belly holding its keys' colours, a neck up.
	var s := cell_size
	var neck := Rect2(mid + Vector2(-s * 0.07, -s * 0.4), Vector2(s * 0.14, s * 0.3))
	draw_rect(neck, Palette.BONG_GLASS.darkened(0.2))
	draw_rect(neck, Palette.BONG_DARK, false, maxf(1.5, s * 0.03))
	var belly := mid + Vector2(0, s * 0.1)
	draw_circle(belly, s * 0.28, Palette.BONG_DARK)
	draw_circle(belly, s * 0.25, Palette.BONG_GLASS)
	var n := contents.size()
	for i in n:
		var x := (i - (n - 1) / 2.0) * s * 0.2
		var c := Palette.of(contents[i]["color"])
		draw_circle(belly + Vector2(x, s * 0.03), s * 0.09, c)
		draw_arc(belly + Vector2(x, s * 0.03), s * 0.09, 0, TAU, 12, c.darkened(0.4), 1.5)
	draw_arc(belly + Vector2(-s * 0.08, -s * 0.1), s * 0.1, PI, PI * 1.5, 6, Color(1, 1, 1, 0.5),
		maxf(1.5, s * 0.03))
