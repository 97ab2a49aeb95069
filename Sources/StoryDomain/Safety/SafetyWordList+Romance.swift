extension SafetyWordList {
    /// Spanish. "mata" alone is left out (it is also a bush, and Portuguese for woods); "heroína" is
    /// also a heroine; "Día de Muertos" is a family festival.
    static let spanish = SafetyWordList(language: .spanish, entries: [
        .violence: [
            "matar", "matarlo|matarla|matarlos|matarlas|matarte|matarme|matarnos|matarles", "matan", "mataron", "^mato",
            "matando", "matado", "matara", "mataran", "mata|matan|mataron|matara a", "lo|la|los|las|le|les|te|me|nos mata|matan|mato|matara|mataron",
            "asesin{ar,o,a,os,as,ato,atos,ado,ada,aron,ando}", "apunal{ar,a,an,o,ado,ada,ando}", "acuchill{ar,a,ado,ada}",
            "disparos", "balazo[s]", "tiroteo[s]", "le|les disparo|disparan|dispararon", "pistola[s]", "arma[s]", "fusil[es]",
            "escopeta[s]", "metralleta[s]", "ametralladora[s]", "^bala[s]", "cuchillo[s]", "navaja[s]", "punal[es]",
            "bomba[s]", "tortur{a,as,ar,ado,ada}", "degoll{ar,ado,ada}", "decapit{ar,ado,ada}", "masacre[s]",
            "violencia", "terrorista[s]", "^rehen", "rehenes",
            "danar|dana|danan|lastimar|lastima|lastiman|herir|hiere _ nino|ninos|nina|ninas|bebe|bebes",
        ],
        .death: [
            "muerte[s]", "muerto[s]", "muerta[s]", "morir", "morira", "moriran", "morirse", "muere", "mueren", "murio",
            "murieron", "muriendo", "moribund{o,a}", "cadaver[es]", "fallec{er,io,ido,ida,ieron}", "ahogad{o,a,os,as}",
            "se ahogo", "funeral", "entierro",
        ],
        .gore: [
            "sangre", "sangrient{o,a,os,as}", "ensangrentad{o,a,os,as}", "sangrando", "visceras", "descuartiz{ar,ado,ada}",
            "mutil{ar,ado,ada}",
        ],
        .horror: [
            "terror", "demonio[s]", "demoniac{o,a}", "endemoniad{o,a}", "posesion demoniaca", "exorcismo", "satanic{o,a}",
            "diabolic{o,a}", "canibal[es]",
            "come|comen|comio|comer _ nino|ninos|nina|ninas|bebe|bebes|gente|personas",
        ],
        .abuse: [
            "abuso[s]", "abusar", "abusad{o,a,os,as}", "maltrat{o,ar,ado,ada,a,an}",
            "secuestr{o,ar,ado,ada,ador,adores,a,an}", "pedofil{o,os,ia}",
        ],
        .sexual: [
            "sexo", "sexual[es]", "sexy", "porno", "pornografia", "pornografic{o,a}", "violacion", "violad{a,as,or,ores}",
            "erotic{o,a}", "prostitut{a,as,o,os}", "puta[s]", "tetas",
        ],
        .selfHarm: [
            "suicidio[s]", "suicidarse", "se suicida", "se suicido", "suicida[s]", "autolesion[es]",
            "cortarse las venas", "quitarse la vida", "me quiero morir",
        ],
        .drugs: [
            "droga[s]", "drogad{o,a,os,as}", "cocaina", "marihuana", "porro[s]", "borrach{o,os}", "^borracha[s]",
            "emborrach{ar,arse,ado,ada,a,an}", "alcohol", "alcoholic{o,a}", "cerveza[s]", "tequila", "vodka", "whisky",
            "cigarrillo[s]", "cigarro[s]", "tabaco",
        ],
        .hate: ["nazi[s]", "hitler", "racista[s]", "esvastica", "supremacista[s]", "genocidio"],
    ], allowed: [
        "pistola[s] de agua", "bomba[s] de agua", "bomba[s] de bano", "cuchillo y tenedor", "tenedor y cuchillo",
        "dia de muertos", "dia de los muertos", "muert{o,a,os,as} de risa|sueno|hambre|cansancio",
        "muriendo|muero|muere de risa|sueno|hambre",
    ])

    /// French. "sang" is English for singing, "balle" is also a ball, "héroïne" a heroine.
    static let french = SafetyWordList(language: .french, entries: [
        .violence: [
            "tuer", "^tue", "tues", "tuee[s]", "tuant", "tuez", "tuera", "tueront", "tuerai", "tueur[s]", "tueuse[s]",
            "tue[s,e,es] par", "assassin[s,er,e,ee,at,ats]", "meurtre[s]", "meurtrier[s]", "meurtriere[s]", "poignard[s,er,e,ee]",
            "couteau[x]", "pistolet[s]", "fusil[s]", "revolver[s]", "^arme", "armes", "bombe[s]", "massacre[s,r]",
            "egorg{er,e,ee}", "decapit{er,e,ee}", "tortur{e,er,ee}", "violence", "terroriste[s]", "fusill{er,e,ee}",
            "bless{er,e,ent} _ enfant|enfants|bebe|bebes",
        ],
        .death: [
            "^mort", "morts", "morte[s]", "mourir", "meurt", "meurent", "mourant[e,s]", "mourra", "deces", "decede[e,s]",
            "cadavre[s]", "noye[e,s]", "enterrement", "funerailles",
        ],
        .gore: [
            "^sang", "sanglant[e,s,es]", "ensanglante[e,s]", "demembr{er,e,ee}", "mutil{er,e,ee}",
        ],
        .horror: [
            "film|films|histoire|histoires|conte|contes d'horreur", "demon[s]", "demoniaque", "exorcisme",
            "satanique", "cannibale[s]", "epouvante",
            "mange|mangent|manger _ enfant|enfants|bebe|bebes|gens",
        ],
        .abuse: [
            "maltrait{er,e,ee,ance}", "abus sexuel[s]", "abuser", "pedophile[s]", "kidnapp{er,e,ee,eur,ing}",
        ],
        .sexual: [
            "sexe", "sexuel[le,s,les]", "sexy", "porno", "pornographi{e,que}", "viol", "viol[er,e,ee,eur]", "erotique",
            "prostitu{ee,ees,tion}", "pute[s]", "salope[s]",
        ],
        .selfHarm: [
            "suicide[s]", "se suicider", "suicidaire", "se tuer", "automutilation", "se couper les veines",
            "mettre fin a ses jours",
        ],
        .drugs: [
            "drogue[s,e,es]", "cocaine", "cannabis", "ivre[s]", "^soul", "saoul[e]", "alcool", "alcoolique",
            "biere[s]", "^vin", "whisky", "vodka", "cigarette[s]", "tabac",
        ],
        .hate: ["nazi[s]", "hitler", "raciste[s]", "croix gammee", "supremaciste[s]", "genocide"],
    ], allowed: [
        "pistolet[s] a eau", "couteau et fourchette", "fourchette et couteau", "bombe[s] de bain", "mort[e,s] de rire",
        "mourir de rire", "meurt de rire",
    ])

    /// Italian. "eroina" is also a heroine, "Troia" is Troy, "stanco morto" is dead tired.
    static let italian = SafetyWordList(language: .italian, entries: [
        .violence: [
            "uccid{ere,e,ono,eva,evano,endo}", "ucci{so,sa,si,se}", "uccisione", "ammazz{are,a,ano,ato,ata,ati}",
            "assassin[o,a,i,are,ato,io]", "omicid{io,a}", "accoltell{are,ato,ata}", "pugnal{are,ato,ata,e}",
            "coltell{o,i}", "pistol{a,e}", "fucil{e,i}", "arm{a,i}", "bomb{a,e}", "sparare", "spar{a,ano,ato,o}",
            "proiettil{e,i}", "tortur{a,are,ato,ata}", "decapit{are,ato,ata}", "strage", "massacro", "violenza",
            "terrorist[a,i]", "male ai bambini|bambino|bambina|bimbi|neonati",
        ],
        .death: [
            "mort{e,o,a,i}", "morire", "muore", "muoiono", "morira", "morendo", "morente", "cadaver{e,i}",
            "annegat{o,a}", "funerale",
        ],
        .gore: ["sangue", "sanguinos{o,a}", "insanguinat{o,a}", "sanguinare", "budella", "smembr{are,ato}", "mutil{are,ato}"],
        .horror: [
            "horror", "demon{e,i}", "demoniac{o,a}", "indemoniat{o,a}", "esorcismo", "satanic{o,a}", "cannibal{e,i}",
            "mangia|mangiano _ bambini|bambino|bambina|bimbi|persone",
        ],
        .abuse: ["abus{o,i,are,ato,ata}", "maltratt{are,ato,ata,amento,amenti}", "sequestr{o,are,ato,ata}", "pedofil{o,i,ia}"],
        .sexual: [
            "sesso", "sessual{e,i}", "sexy", "porno", "pornografi{a,co,ca}", "stupr{o,are,ato,ata,atore}", "erotic{o,a}",
            "prostitut{a,e}", "puttan{a,e}",
        ],
        .selfHarm: ["suicidio", "suicidarsi", "suicid{a,ato,ata}", "autolesionismo", "tagliarsi le vene", "togliersi la vita"],
        .drugs: [
            "drog{a,he}", "drogat{o,a}", "cocaina", "marijuana", "spinell{o,i}", "ubriac{o,a,hi,he}", "alcol",
            "alcolic{o,a}", "birr{a,e}", "^vino", "vodka", "whisky", "sigarett{a,e}",
        ],
        .hate: ["nazist{a,i}", "nazi", "hitler", "razzist{a,i}", "svastica", "genocidio"],
    ], allowed: [
        "pistol{a,e} ad acqua", "bomb{a,e} d'acqua", "coltello e forchetta", "forchetta e coltello", "stanc{o,a,hi,he} mort{o,a,i,e}",
        "morire|muoio|muore|morto|morta dal ridere", "mort{o,a} di sonno",
    ])

    /// Portuguese. "bala" is a sweet in Brazil, "borracha" an eraser, "mata" the woods.
    static let portuguese = SafetyWordList(language: .portuguese, entries: [
        .violence: [
            "matar", "mat{ou,aram,ando,arei,ara,am}", "matalo|matala", "assassin[ar,ou,ato,o,a,os,as]", "homicidio",
            "esfaque{ar,ou,ado,ada}", "faca[s]", "punhal", "pistola[s]", "revolver", "fuzil", "espingarda", "arma[s]",
            "bomba[s]", "tiros", "tiroteio[s]", "levou|levaram|leva um tiro", "baleado[s]", "baleada[s]",
            "tortur{a,ar,ado,ada}", "decapit{ar,ado,ada}", "degol{ar,ado,ada}", "massacre", "chacina", "violencia",
            "terrorista[s]", "machuc{ar,a,am} _ crianca|criancas|bebe|bebes",
        ],
        .death: [
            "morte[s]", "mort{o,a,os,as}", "morrer", "morre", "morrem", "morreu", "morreram", "morrendo", "morrera",
            "cadaver[es]", "falec{eu,ido,ida,er}", "afog{ado,ada,ou}", "funeral", "enterro",
        ],
        .gore: ["sangue", "sangrent{o,a,os,as}", "ensanguentad{o,a}", "sangrando", "visceras", "esquartej{ar,ado,ada}", "mutil{ar,ado,ada}"],
        .horror: [
            "terror", "demonio[s]", "demoniac{o,a}", "possuid{o,a}", "exorcismo", "satanic{o,a}", "canibal", "canibais",
            "come|comem|comeu|comer _ crianca|criancas|bebe|bebes|pessoas",
        ],
        .abuse: ["abuso[s]", "abus{ar,ou,ado,ada}", "maltrat{ar,o,ado,ada}", "sequestr{o,ar,ado,ada,ador}", "pedofil{o,os,ia}"],
        .sexual: [
            "sexo", "sexual", "sexuais", "sexy", "porno", "pornografia", "estupr{o,ar,ado,ada,ador}", "erotic{o,a}",
            "prostitut{a,as}", "puta[s]",
        ],
        .selfHarm: [
            "suicidio", "suicid{ar,ou,a}", "se matar", "se matou", "automutilacao", "cortar os pulsos",
            "tirar a propria vida",
        ],
        .drugs: [
            "droga[s]", "drogad{o,a}", "cocaina", "maconha", "bebad{o,a,os,as}", "embriagad{o,a}", "alcool",
            "alcoolic{o,a}", "cerveja[s]", "vodca", "vodka", "uisque", "whisky", "cachaca", "cigarro[s]", "tabaco",
        ],
        .hate: ["nazista[s]", "nazi", "hitler", "racista[s]", "suastica", "genocidio"],
    ], allowed: [
        "pistola[s] de agua", "bomba[s] de agua", "faca e garfo", "garfo e faca", "mort{o,a,os,as} de sono|cansaco|fome|rir",
        "morrendo|morrer|morri de rir|fome|sono",
    ])
}
