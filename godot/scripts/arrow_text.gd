extends Control
## A few lines of text in which the arrows a hint is written with (← ↑ → ↓
## a walk, ⇐ ⇑ ⇒ ⇓ a push, ↶ ↷ a swing: the node's words, the terminal's)
## are drawn as shapes, so no font needs them (Godot's default font has
## none, and a system font may not be there). The rest is drawn in the
## theme's font. The line under the board (`Notice`) is one.

## Each arrow: its way, and its kind (1 a walk, 2 a push, 0 a swing).
const ARROWS := {
	"←": [Vector2.LEFT, 1],
	"↑": [Vector2.UP, 1],
	"→": [Vector2.RIGHT, 1],
	"↓": [Vector2.DOWN, 1],
	"⇐": [Vector2.LEFT, 2],
	"⇑": [Vector2.UP, 2],
	"⇒": [Vector2.RIGHT, 2],
	"⇓": [Vector2.DOWN, 2],
	"↶": [Vector2.LEFT, 0],
	"↷": [Vector2.RIGHT, 0],
}

## The text shown, lines split at "\n".
@export var text := "":
	set(value):
		text = value
		update_minimum_size()
		queue_redraw()
@export var font_size := 14
@export var color := Color(0.95, 0.6, 0.31)


func _init() -> void:
	mouse_filter = MOUSE_FILTER_IGNORE


func _get_minimum_size() -> Vector2:
	var lines := text.split("\n")
	var width := 0.0
	for line in lines:
		width = maxf(width, _width_of(line))
	return Vector2(width, lines.size() * _font().get_height(font_size))


func _draw() -> void:
	var font := _font()
	var height := font.get_height(font_size)
	var y := 0.0
	for line in text.split("\n"):
		var x := 0.0
		for piece in pieces(line):
			if ARROWS.has(piece):
				_draw_arrow(piece, Rect2(x, y, _arrow_width(), height))
				x += _arrow_width()
			else:
				var at := Vector2(x, y + font.get_ascent(font_size))
				draw_string(font, at, piece, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size, color)
				x += font.get_string_size(piece, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
		y += height


## Return a line cut into arrows (one each) and the runs of text between.
func pieces(line: String) -> PackedStringArray:
	var out := PackedStringArray()
	var run := ""
	for c in line:
		if ARROWS.has(c):
			if not run.is_empty():
				out.append(run)
				run = ""
			out.append(c)
		else:
			run += c
	if not run.is_empty():
		out.append(run)
	return out


func _font() -> Font:
	return get_theme_default_font()


func _arrow_width() -> float:
	return roundf(font_size * 1.5)


func _width_of(line: String) -> float:
	var width := 0.0
	for piece in pieces(line):
		if ARROWS.has(piece):
			width += _arrow_width()
		else:
			width += _font().get_string_size(piece, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
	return width


## Draw arrow `glyph` in `box`: a shaft with a head its way (two shafts
## for a push), or an arc over the top with a head at its end for a swing
## (↶ ends on the left, ↷ on the right).
func _draw_arrow(glyph: String, box: Rect2) -> void:
	var way: Vector2 = ARROWS[glyph][0]
	var kind: int = ARROWS[glyph][1]
	var mid := box.get_center()
	var half := box.size.x * 0.4
	var head := box.size.x * 0.28
	var thick := maxf(1.5, font_size / 9.0)
	if kind == 0:
		var r := half * 0.8
		var centre := mid + Vector2(0, r * 0.45)
		draw_arc(centre, r, PI, TAU, 12, color, thick, true)
		var end := centre + Vector2(way.x * r, 0)
		_draw_head(end + Vector2(0, head * 0.6), Vector2.DOWN, head)
		return
	var tip := mid + way * half
	var side := Vector2(-way.y, way.x)
	var back := tip - way * head * 0.8
	if kind == 2:
		var gap := thick * 1.2
		draw_line(mid - way * half + side * gap, back + side * gap, color, thick, true)
		draw_line(mid - way * half - side * gap, back - side * gap, color, thick, true)
		_draw_head(tip, way, head * 1.1)
	else:
		draw_line(mid - way * half, back, color, thick, true)
		_draw_head(tip, way, head)


## Draw an arrow's head: a triangle with its point at `tip`, facing `way`.
func _draw_head(tip: Vector2, way: Vector2, size: float) -> void:
	var side := Vector2(-way.y, way.x)
	var base := tip - way * size
	draw_colored_polygon(
		PackedVector2Array([tip, base + side * size * 0.6, base - side * size * 0.6]), color
	)
