package corpus.elses

level := "high" if {
	input.score > 80
} else := "medium" if {
	input.score > 50
} else := "low"

grade(score) := "pass" if score >= 50 else := "fail"

authorized if input.token == "secret" else = false

mode := "strict" if input.strict else := "lenient" if {
	input.lenient
} else := "default"
