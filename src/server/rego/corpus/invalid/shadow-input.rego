# opa: 4:1: rego_compile_error: rules must not shadow input (use a different rule name)
package corpus.invalid

input := {"user": "alice"}
