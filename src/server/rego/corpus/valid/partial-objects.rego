package corpus.objects

labels[key] := value if {
	some key, value in input.labels
}

owners[name] := true if {
	some owner in input.owners
	name := owner.name
}

flagged[id] if input.flags[id]

scores[user] = score if {
	some user, score in input.scores
	score > 10
}
