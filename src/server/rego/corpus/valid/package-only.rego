# A package with no rules yet is a valid module.
package corpus.empty
