# opa: 4:7: rego_type_error: deprecated built-in function calls in expression: any
package corpus.invalid

ok if any([input.a, input.b])
