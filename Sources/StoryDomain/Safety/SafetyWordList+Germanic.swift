extension SafetyWordList {
    /// German. "Gift" (poison) and "tot" (dead) need German text: they are English words and names
    /// too. "schießen" is left out (a goal is "geschossen"), as is "besessen" (also "obsessed").
    static let german = SafetyWordList(language: .german, entries: [
        .violence: [
            "toten", "totet", "getotet", "totete[n]", "mord[e,en]", "morden", "ermord{en,et,ete,eten}", "^morder", "morderin", "mordern",
            "umbring{en,t}", "umgebracht", "bringt|brachte|bringen|brachten ihn|sie|dich|mich|uns|euch|es um",
            "erstech{en}", "ersticht", "erstochen", "erschiess{en,t}", "erschossen", "abschlachten", "abgeschlachtet",
            "messer", "pistole[n]", "gewehr[e]", "revolver", "waffe[n]", "schusswaffe[n]", "bombe[n]", "granate[n]",
            "folter[n]", "gefoltert", "^gift", "vergift{en,et}", "enthaupt{en,et}", "massaker", "gemetzel", "terrorist[en]",
            "verletz{en,t} _ kind|kinder|baby|babys",
        ],
        .death: [
            "^tod", "^tot", "^tote", "sterben", "stirbt", "starb", "starben", "gestorben", "sterbend[e,en]", "leiche[n]",
            "beerdigung", "ertrunken", "ertrinken", "umgekommen",
        ],
        .gore: ["blut", "blutig[e,en,er]", "blutuberstromt", "blutbad", "zerstuckel{n,t}", "verstummel{n,t}", "eingeweide"],
        .horror: [
            "horror", "horrorfilm[e]", "damon[en]", "damonisch", "exorzismus", "satanisch", "kannibal{e,en}",
            "frisst|fressen|isst _ kinder|kind|babys|menschen",
        ],
        .abuse: [
            "missbrauch[t]", "missbrauchen", "misshandel{n,t}", "misshandlung", "entfuhr{en,t,ung,er}", "kinderschander",
            "padophil[e,er]",
        ],
        .sexual: [
            "sex", "sexy", "sexuell[e,en]", "porno[s]", "pornografie", "vergewaltigung", "vergewaltig{en,t}", "erotisch",
            "nutte[n]", "prostituierte", "hure[n]",
        ],
        .selfHarm: ["selbstmord", "suizid", "suizidal", "sich umbringen", "selbstverletzung", "ritzt sich"],
        .drugs: [
            "droge[n]", "rauschgift", "kokain", "^heroin", "betrunken", "besoffen", "alkohol", "bier", "schnaps", "wodka",
            "zigarette[n]", "kiffen", "haschisch", "marihuana",
        ],
        .hate: ["nazi[s]", "hitler", "hakenkreuz", "rassist[en]", "rassistisch", "volkermord"],
    ], allowed: [
        "messer und gabel", "gabel und messer", "lacht|lachte|lachten sich tot", "sich tot lachen",
    ])

    /// Dutch. "mes" (knife) needs Dutch text (it is "month" and "my" elsewhere), as does "bom"
    /// (Portuguese "good").
    static let dutch = SafetyWordList(language: .dutch, entries: [
        .violence: [
            "doden", "doodt", "gedood", "doodde[n]", "vermoord[en,t,de]", "moord", "moorden", "moordenaar[s]",
            "doodschiet{en}", "doodgeschoten", "neerschiet{en}", "neergeschoten", "neersteken", "neergestoken", "doodsteken",
            "^mes", "^messen", "pistool", "pistolen", "geweer", "geweren", "wapen[s]", "vuurwapen[s]", "^bom", "bommen",
            "granaat", "martel{en,ing}", "gemarteld", "onthoofd[en]", "geweld", "terrorist[en]",
        ],
        .death: [
            "dood", "dode[n]", "sterven", "sterft", "stierf", "stierven", "gestorven", "lijk", "begrafenis",
            "verdronk[en]", "verdrinken",
        ],
        .gore: ["bloed", "bloederig", "bloedig[e]", "bloedend", "bloedbad", "ingewanden", "verminkt"],
        .horror: ["horror", "demon[en]", "exorcisme", "satanisch", "kannibaal", "kannibalen", "eet|eten kinderen|baby's|mensen"],
        .abuse: ["misbruik[t,en]", "mishandel{en,d,ing}", "ontvoer{en,d,ing,der}", "pedofiel[en]", "kindermisbruik"],
        .sexual: [
            "seks", "seksueel", "seksuele", "sexy", "porno", "pornografie", "verkracht[en,ing,er]", "erotisch[e]",
            "hoer[en]", "prostituee",
        ],
        .selfHarm: ["zelfmoord", "zelfbeschadiging", "zichzelf _ snijden|doden"],
        .drugs: ["drugs", "cocaine", "wiet", "hasj", "dronken", "bezopen", "alcohol", "bier", "sigaret[ten]", "jenever", "wodka"],
        .hate: ["nazi[s]", "nazi's", "hitler", "racist[en]", "racistisch", "hakenkruis", "genocide"],
    ], allowed: [
        "dood van het lachen", "dood moe", "lacht|lachte|lachen zich dood", "mes en vork", "vork en mes",
    ])

    /// Polish, written without its diacritics (the text is folded the same way: "nóż" is "noz").
    /// "flaki" (also a soup) and "trupa" (a troupe) are left out.
    static let polish = SafetyWordList(language: .polish, entries: [
        .violence: [
            "zabic", "zabij", "zabija[c,ja]", "zabil[a,i,o]", "zabit{y,a,e,ego}", "zabojca", "zabojcy", "zabojstw{o,a}",
            "morderstw{o,a}", "morderc{a,y}", "morderczyni", "zamord{owac,owal,owala,owany,owana}", "mordowac",
            "zastrzel{ic,il,ila,ony,ona}", "dzgn{ac,al,ela}", "noz", "noze", "nozem", "pistolet[y,u]", "karabin[y]",
            "^bron", "bronia", "bomb{a,y,e}", "tortur{y,owac,owal}", "przemoc", "rzez", "masakr{a,y}", "terroryst{a,ci}",
        ],
        .death: [
            "smierc", "smierci", "umrzec", "umiera", "umieraja", "umarl[a,i]", "umrze", "martw{y,a,e,i}", "trup", "trupy",
            "zwloki", "pogrzeb", "utonal", "utopil",
        ],
        .gore: ["krew", "krwi", "krwaw{y,a,e,ych}", "krwawiacy", "wnetrznosci"],
        .horror: ["horror", "demon[y,a]", "opetan{y,a}", "egzorcyzm[y]", "satanistyczn{y,a}", "kanibal[e]"],
        .abuse: ["molestowan{ie,y,a}", "pedofil[e,a]", "porwanie", "porwan{y,a}", "zneca{c,nie}"],
        .sexual: [
            "seks", "seksualn{y,a,e}", "porno", "pornografia", "gwalt", "zgwalc{ic,il,ona}", "erotyczn{y,a,e}",
            "prostytutka", "dziwka",
        ],
        .selfHarm: ["samobojstw{o,a}", "samobojca", "samobojcz{y,a}", "samookaleczenie", "podciac zyly"],
        .drugs: [
            "narkotyk[i,ow]", "kokaina", "^heroina", "marihuana", "pijan{y,a,i}", "alkohol", "piw{o,a}", "wodka",
            "papieros[y]",
        ],
        .hate: ["nazist{a,ow}", "nazi", "hitler", "rasist{a,ow}", "swastyka", "ludobojstwo"],
    ], allowed: ["pistolet na wode"])
}
