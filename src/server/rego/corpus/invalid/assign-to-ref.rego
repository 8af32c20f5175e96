# opa: 5:2: rego_compile_error: cannot assign to ref
package corpus.invalid

allow if {
	input.x := 1
}
