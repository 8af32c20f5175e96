package corpus.numbers

zero := 0

negative := -1

fraction := 1.5

small := 0.25

exponent := 1e3

negative_exponent := 2.5E-2

big := 12345678901234567890

arithmetic := ((1 + 2) * 3 - 4 / 2) % 5

negated_sum := 3 - -2
