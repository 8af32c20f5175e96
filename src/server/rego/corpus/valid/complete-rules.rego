package corpus.complete

import rego.v1

x := 1

y = 2

greeting := "hello"

allow if {
	input.method == "GET"
	input.path == ["orders"]
}

allow if input.user.role == "admin"

name := input.user.name if input.user

tenants.acme.enabled := true

tenants.globex.enabled if input.globex
