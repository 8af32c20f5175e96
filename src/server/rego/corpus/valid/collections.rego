package corpus.collections

object := {
	"name": "a",
	"list": [1, 2, 3,],
	"nested": {"deep": {"deeper": true}},
	"set": {"x", "y"},
}

array := [
	"multi",
	"line",
]

keyed := {input.key: 1, "static": input.value}

computed := {concat("", ["a", "b"]): 1}
