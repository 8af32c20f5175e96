# opa: 6:8: rego_type_error: undefined function data.corpus.invalid.time.now_ns
package corpus.invalid

time := 1

now := time.now_ns()
