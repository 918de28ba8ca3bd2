// CSS art needs no JavaScript.
