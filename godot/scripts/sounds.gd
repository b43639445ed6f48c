extends Node
## Plays the sounds the node asks for. Which signal asks for which sound is
## one table in the adapter (`EVENT_SOUNDS` in
## crates/muscleman-godot/src/sound.rs); after each action main.gd hands
## `game.last_sounds()` to `play_all`. Every sound is computed by the
## adapter (`game.sound_samples(name)`: mono 16-bit PCM at
## `game.sound_rate()`), built here into an AudioStreamWAV once: no sound
## files. M mutes and unmutes.

const VOLUME_DB := -6.0

## Whether sounds are off.
var muted := false
## Every sound asked for, muted or not, in order (the tests read it).
var requested := []
## Every sound started, in order (none while muted).
var played := []
## Each sound's player by name (its stream built once): different sounds
## sound together, the same one starts again.
var _players := {}


## Build every sound the node offers.
func setup(game: Object) -> void:
	var rate: int = game.sound_rate()
	for sound_name: String in game.sound_names():
		if _players.has(sound_name):
			continue
		var wav := AudioStreamWAV.new()
		wav.format = AudioStreamWAV.FORMAT_16_BITS
		wav.mix_rate = rate
		wav.stereo = false
		wav.data = game.sound_samples(sound_name)
		var player := AudioStreamPlayer.new()
		player.name = sound_name
		player.stream = wav
		player.volume_db = VOLUME_DB
		add_child(player)
		_players[sound_name] = player


## Play each sound of a list (the node's `last_sounds()`), in order.
func play_all(sound_names: PackedStringArray) -> void:
	for sound_name in sound_names:
		play(sound_name)


## Play one sound by its name; a name with no sound is noted and ignored.
func play(sound_name: String) -> void:
	requested.append(sound_name)
	if muted or not _players.has(sound_name):
		return
	played.append(sound_name)
	_players[sound_name].play()


## Turn sounds off, or back on; return whether they are off now.
func toggle_mute() -> bool:
	muted = not muted
	if muted:
		for player: AudioStreamPlayer in _players.values():
			player.stop()
	return muted


## Return whether a sound of that name can be played.
func has_sound(sound_name: String) -> bool:
	return _players.has(sound_name)
