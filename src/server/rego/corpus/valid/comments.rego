# A header comment.
package corpus.comments # trailing comment

# Before a rule.
allow if { # after the brace
	# inside the body
	input.x == 1 # after a literal
}
# At the end.
