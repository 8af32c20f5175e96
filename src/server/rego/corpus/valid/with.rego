package corpus.mocking

allow if input.role == "admin"

roles := data.roles

test_admin if {
	allow with input as {"role": "admin"}
}

test_roles if {
	roles == ["a"] with data.roles as ["a"]
}

test_both if {
	allow with input as {"role": "admin"} with data.roles as []
}

mocked if {
	allow with input.role as "admin"
}
