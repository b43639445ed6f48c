extends SceneTree
## Render the main scene with a built-in level and save a PNG:
## `godot --rendering-driver opengl3 --script tools/screenshot.gd -- --level N --out FILE`
## (under a display: `bash .ci/godot screenshot` runs it under Xvfb).
## With `--file res://levels/pond.txt` it shows that level file's first
## level instead; with `--moves MOVES` it plays those first (MOVES letters,
## rules.md §7); with `--collection N` the level is of built-in collection N
## (1 Muscleman, the default; 2 Combinations); with `--help` the level's
## help panel is open; with `--hint` the hint's answer is shown (its
## arrows under the board, its dots on it); with `--sokoban` it plays by
## Sokoban's rules (the switch on).

const FRAMES := 30
## Seconds for the last move's animation to end before the picture.
const SETTLE := 1.0


func _initialize() -> void:
	var args := OS.get_cmdline_user_args()
	var level := int(_arg(args, "--level", "16")) - 1
	var out := _arg(args, "--out", "user://screenshot.png")
	var moves := _arg(args, "--moves", "")
	var main: Node = load("res://main.tscn").instantiate()
	main.progress_dir = ""  # in memory: the picture never shows a player's progress
	root.add_child(main)
	await process_frame
	if "--sokoban" in args:
		main.rules_switch.set_pressed_no_signal(true)
		main.game.use_sokoban_rules(true)
	var file := _arg(args, "--file", "")
	if file.is_empty():
		main.choose_collection(int(_arg(args, "--collection", "1")) - 1)
		main.load_level(level)
	elif not main.load_level_file(file):
		quit(1)
		return
	for letter in moves:
		main.do_action(_action_of(letter))
	if "--help" in args:
		main.show_help()
	if "--hint" in args:
		main.intro_panel.visible = false  # as the hint key hides it
		main.ask_hint()
		# The search runs on a worker thread; `main` shows its answer.
		for i in 1000:
			if not main.game.is_hint_searching():
				break
			OS.delay_msec(10)
			await process_frame
	# The moves' tweens run their time, however fast the frames come.
	await create_timer(SETTLE).timeout
	for i in FRAMES:
		await process_frame
	var image := root.get_texture().get_image()
	var err := image.save_png(out)
	print("saved %s (%dx%d): %s" % [out, image.get_width(), image.get_height(), error_string(err)])
	quit(0 if err == OK else 1)


func _arg(args: PackedStringArray, name: String, default: String) -> String:
	var i := args.find(name)
	return args[i + 1] if i >= 0 and i + 1 < args.size() else default


func _action_of(letter: String) -> String:
	var names := {"u": "up", "r": "right", "d": "down", "l": "left", "w": "wait", "g": "grab",
		"p": "drop", "[": "swing_left", "]": "swing_right", "z": "undo", "y": "redo", "!": "restart"}
	return names.get(letter.to_lower(), "wait")
