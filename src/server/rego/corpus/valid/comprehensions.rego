package corpus.comprehensions

names := [user.name | some user in input.users]

adults := {user.name | some user in input.users; user.age >= 18}

by_id := {user.id: user | some user in input.users}

nested := [[x, y] | some x in [1, 2]; some y in [3, 4]]

threshold := 10

above := [n | some n in input.numbers; n > threshold]

squares := {n: sq | some n in input.numbers; sq := n * n}

counted := count([x | some x in input.xs])

local if {
	prefix := "a"
	starting := [s | some s in input.words; startswith(s, prefix)]
	count(starting) > 0
}
