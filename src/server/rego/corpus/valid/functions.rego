package corpus.functions

double(x) := x * 2

inc(x) := y if {
	y := x + 1
}

is_admin(user) if user.role == "admin"

is_admin(user) if user.name in {"root", "superuser"}

area(w, h) := w * h

sign(x) := -1 if x < 0

sign(x) := 1 if x > 0

sign(0) := 0

pair([a, b]) := a + b

total := n if count(input.items, n)

result := double(inc(2))

allowed if is_admin(input.user)
