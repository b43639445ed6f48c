extends RefCounted
## The colours of the board, in one place.

const BACKGROUND := Color("1d2127")
const FLOOR := Color("3a3f47")
const FLOOR_LINE := Color("343940")
const WALL := Color("5b6470")
const WALL_DARK := Color("434a54")
const WALL_LIGHT := Color("7a8593")
const WEAK_WALL := Color("9a7b62")
const WEAK_WALL_LINE := Color("6d5443")
const WATER := Color("2f6fa3")
const WATER_LINE := Color("5b9bd0")
const GOAL := Color("f2c14e")
const BOX := Color("c98b4b")
const BOX_DARK := Color("8e5b2c")
const BOX_ON_GOAL := Color("7cc36a")
const HEAVY := Color("6f7680")
const HEAVY_DARK := Color("3f444b")
const SUNK := Color("24506f")
const PLAYER := Color("f08a5d")
const PLAYER_DARK := Color("a24f2c")
const HAMMER_HEAD := Color("b8c0c8")
const HANDLE := Color("8e5b2c")
const HANDLE_LIGHT := Color("d9a066")
const SECRET := Color("8a6fb3")
const HEAVY_PLATE := Color("8d949c")
const STAIRS := Color("8fb8bc")
const STAIRS_DARK := Color("2c3a3d")
const STAIRS_ARROW := Color("4fd1d9")
const DUCK := Color("f5d547")
const DUCK_DARK := Color("b08f1e")
const BEAK := Color("f08a2c")
const CAULDRON := Color("4a4f57")
const CAULDRON_DARK := Color("26292e")
const BREW_EMPTY := Color("2f343b")
const BONG_GLASS := Color("b98ad1")
const BONG_DARK := Color("6e4a82")
const UNKNOWN := Color("ff00ff")
const COLORS := {
	"red": Color("e0524f"),
	"blue": Color("4b8be0"),
	"yellow": Color("e8c547"),
	"green": Color("55b85a"),
}
const TINTS := {
	"plain": Color("e6e6e6"),
	"red": Color("e0524f"),
	"green": Color("55b85a"),
	"yellow": Color("e8c547"),
	"blue": Color("4b8be0"),
	"magenta": Color("ff00ff"),
	"cyan": Color("4fd1d9"),
	"brown": Color("c98b4b"),
	"grey": Color("8d949c"),
}
const ITEMS := {
	"apple": Color("e0524f"),
	"pear": Color("b6cf4e"),
	"cheese": Color("f2d16b"),
	"coin": Color("ffd75e"),
	"collectible": Color("d0d0d0"),
}


## Return the colour a key, door or plate is drawn in.
static func of(color_name: String) -> Color:
	return COLORS.get(color_name, UNKNOWN)


## Return the colour of a recipe's fallback tint.
static func tint(tint_name: String) -> Color:
	return TINTS.get(tint_name, UNKNOWN)
