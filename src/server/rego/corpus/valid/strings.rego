package corpus.strings

escaped := "a \"quoted\" word, a tab\t, a newline\n, a slash \/ and \\ and \u00e9"

raw := `C:\path\to\file with "quotes"`

multiline := `first line
second line {[( not brackets )]}
third line # not a comment`

hash := "# not a comment either"

empty := ""

joined := concat(", ", ["a", "b"])
