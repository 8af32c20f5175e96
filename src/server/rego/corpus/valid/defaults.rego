# Default rules: a value for when no other definition applies, functions included.
package corpus.defaults

default allow := false

default limit := 10

default tags := {"a": [1, 2], "b": {"x"}}

default discount(_) := 0

discount(customer) := 10 if customer.tier == "gold"

allow if input.user == "admin"

limit := 100 if input.premium
