package corpus.membership

role_ok if input.role in ["admin", "editor"]

pair_ok if "mode", "on" in {"mode": "on"}

index_ok if 0, "a" in ["a", "b"]

not_blocked if not input.user in data.blocked

value_in := 3 in {1, 2, 3}
