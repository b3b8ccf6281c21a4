/** The fee settings of a pair, as the back-office edits them (merchant configuration). */
