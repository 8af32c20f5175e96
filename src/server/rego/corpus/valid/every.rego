package corpus.quantifiers

all_positive if {
	every x in input.numbers {
		x > 0
	}
}

all_keys_short if {
	every key, value in input.labels {
		count(key) < 10
		value != ""
	}
}

limit := 5

under_limit if {
	max_allowed := limit
	every n in input.values { n <= max_allowed }
}
