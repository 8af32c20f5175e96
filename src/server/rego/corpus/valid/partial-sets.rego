package corpus.sets

deny contains msg if {
	some item in input.items
	item.price > 100
	msg := sprintf("item %s costs too much", [item.name])
}

deny contains "no user" if not input.user

names contains "alice"

names contains name if some name in input.extra_names

ids contains id if {
	some i
	id := input.records[i].id
}
