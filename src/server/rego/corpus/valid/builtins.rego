package corpus.builtins

claims := io.jwt.decode(input.token)[1]

now := time.now_ns()

internal if net.cidr_contains("10.0.0.0/8", input.ip)

valid_name if regex.match(`^[a-z]+$`, input.name)

body := json.marshal({"a": 1})

timeout := object.get(input, ["config", "timeout"], 30)

response := http.send({"method": "GET", "url": "https://example.com/"})

prefixed if startswith(input.path, "/api/")

size := count(input.items)

label := sprintf("%s-%d", ["x", 1])

matched if glob.match("*.example.com", ["."], input.host)

encoded := base64.encode("hello")

bytes := units.parse_bytes("10MB")

newer if semver.compare("1.2.0", "1.10.0") < 0

digest := crypto.sha256("x")

lowered := lower(trim_space(input.name))

parts := split("a.b", ".")

keys := object.keys({"a": 1})

logged if print("checking", input.user)

day := time.weekday(time.now_ns())

id := uuid.rfc4122("seed")
