package corpus.setops

primary := {"red", "green", "blue"}

empty := set()

single := {"only"}

with_black := primary | {"black"}

common := primary & {"red", "white"}

rest := primary - {"red"}

nested := {[1, 2], {"a"}, {"k": "v"}}

is_primary if "red" in primary
