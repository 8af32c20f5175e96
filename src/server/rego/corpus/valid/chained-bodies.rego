package corpus.chained

# Two bodies after one head: either may hold.
allow if {
	input.user == "alice"
} {
	input.user == "bob"
}
