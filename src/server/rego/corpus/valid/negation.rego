package corpus.negation

allow if not input.blocked

no_admins if not any_admin

any_admin if input.users[_].role == "admin"

not_in if not "x" in input.tags

not_call if not startswith(input.path, "/admin")

fallback(x) := x if not x == 0
