# opa: 4:6: rego_parse_error: unexpected contains keyword: the contains keyword can only be used with multi-value rule definitions (e.g., f contains <VALUE> { ... })
package corpus.invalid

f(x) contains y if y := x
