# opa: 4:25: rego_parse_error: unexpected ident token: expected \n or ; or }
package corpus.invalid

allow if { input.a == 1 input.b == 2 }
