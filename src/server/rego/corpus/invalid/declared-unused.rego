# opa: 5:2: rego_compile_error: declared var x unused
package corpus.invalid

allow if {
	some x
	input.admin
}
