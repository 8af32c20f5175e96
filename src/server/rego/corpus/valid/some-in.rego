package corpus.iteration

any_admin if {
	some user in input.users
	user.role == "admin"
}

key_with_value if {
	some key, value in input.settings
	key == "mode"
	value == "on"
}

indexed if {
	some i, x in input.list
	i > 0
	x == "b"
}

declared if {
	some i, j
	input.matrix[i][j] == 0
}

pattern if {
	some [name, age] in input.people
	name == "alice"
	age > 30
}
