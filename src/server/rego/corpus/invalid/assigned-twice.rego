# opa: 6:2: rego_compile_error: var x assigned above
package corpus.invalid

allow if {
	x := 1
	x := 2
}
