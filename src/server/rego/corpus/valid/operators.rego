package corpus.operators

checks if {
	1 + 2 * 3 == 7
	(1 + 2) * 3 == 9
	10 / 4 == 2.5
	10 % 3 == 1
	2 != 3
	2 < 3
	3 <= 3
	4 > 3
	4 >= 4
	{1, 2} & {2} == {2}
	{1} | {2} == {1, 2}
}

assigned if {
	x := 1
	y = x + 1
	y == 2
}

unified if {
	[a, b] = input.pair
	{"name": name} = input.user
	a != b
	name != ""
}

semicolons if { input.a; input.b; not input.c }
