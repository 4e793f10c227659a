"""Countries and the words that say someone or something is of them ("French" → France).

Encyclopaedic text states where a person is from by a nationality word ("a French film director"),
seldom by the country's name, while a question asks "Which country is X from?": the short answer
reads one as the other. Countries with a word of their own, the ones the small NER model labels NORP.
"""

from __future__ import annotations

import re

_BY_WORD = {
    "afghan": "Afghanistan", "albanian": "Albania", "algerian": "Algeria", "american": "United States",
    "argentine": "Argentina", "argentinian": "Argentina", "armenian": "Armenia", "australian": "Australia",
    "austrian": "Austria", "azerbaijani": "Azerbaijan", "bangladeshi": "Bangladesh", "belarusian": "Belarus",
    "belgian": "Belgium", "bolivian": "Bolivia", "bosnian": "Bosnia and Herzegovina", "brazilian": "Brazil",
    "british": "United Kingdom", "bulgarian": "Bulgaria", "cambodian": "Cambodia", "cameroonian": "Cameroon",
    "canadian": "Canada", "chilean": "Chile", "chinese": "China", "colombian": "Colombia", "croatian": "Croatia",
    "cuban": "Cuba", "cypriot": "Cyprus", "czech": "Czech Republic", "czechoslovak": "Czechoslovakia",
    "danish": "Denmark", "dutch": "Netherlands", "ecuadorian": "Ecuador", "egyptian": "Egypt",
    "english": "England", "estonian": "Estonia", "ethiopian": "Ethiopia", "filipino": "Philippines",
    "finnish": "Finland", "french": "France", "georgian": "Georgia", "german": "Germany", "ghanaian": "Ghana",
    "greek": "Greece", "hungarian": "Hungary", "icelandic": "Iceland", "indian": "India",
    "indonesian": "Indonesia", "iranian": "Iran", "iraqi": "Iraq", "irish": "Ireland", "israeli": "Israel",
    "italian": "Italy", "jamaican": "Jamaica", "japanese": "Japan", "jordanian": "Jordan",
    "kazakh": "Kazakhstan", "kenyan": "Kenya", "korean": "Korea", "latvian": "Latvia", "lebanese": "Lebanon",
    "lithuanian": "Lithuania", "luxembourgish": "Luxembourg", "macedonian": "North Macedonia",
    "malaysian": "Malaysia", "maltese": "Malta", "mexican": "Mexico", "moldovan": "Moldova",
    "mongolian": "Mongolia", "montenegrin": "Montenegro", "moroccan": "Morocco", "nepalese": "Nepal",
    "nepali": "Nepal", "nigerian": "Nigeria", "norwegian": "Norway", "pakistani": "Pakistan",
    "peruvian": "Peru", "polish": "Poland", "portuguese": "Portugal", "romanian": "Romania",
    "russian": "Russia", "saudi": "Saudi Arabia", "scottish": "Scotland", "senegalese": "Senegal",
    "serbian": "Serbia", "singaporean": "Singapore", "slovak": "Slovakia", "slovenian": "Slovenia",
    "somali": "Somalia", "soviet": "Soviet Union", "spanish": "Spain", "sri lankan": "Sri Lanka",
    "sudanese": "Sudan", "swedish": "Sweden", "swiss": "Switzerland", "syrian": "Syria", "taiwanese": "Taiwan",
    "thai": "Thailand", "tunisian": "Tunisia", "turkish": "Turkey", "ukrainian": "Ukraine",
    "uruguayan": "Uruguay", "uzbek": "Uzbekistan", "venezuelan": "Venezuela", "vietnamese": "Vietnam",
    "welsh": "Wales", "yugoslav": "Yugoslavia", "zimbabwean": "Zimbabwe", "new zealand": "New Zealand",
    "south african": "South Africa", "south korean": "South Korea", "north korean": "North Korea",
    "west german": "West Germany", "east german": "East Germany",
}


def country_of_word(word: str) -> str:
    """The country a nationality word stands for ("Norwegian" → "Norway"); "" when it is none."""
    return _BY_WORD.get(" ".join(word.lower().split()), "")


# Sovereign states, the United Kingdom's nations, and states of the past that biographies name.
_COUNTRIES = frozenset(name.strip().lower() for name in """
Afghanistan, Albania, Algeria, Andorra, Angola, Antigua and Barbuda, Argentina, Armenia, Australia, Austria,
Azerbaijan, Bahamas, Bahrain, Bangladesh, Barbados, Belarus, Belgium, Belize, Benin, Bhutan, Bolivia,
Bosnia and Herzegovina, Botswana, Brazil, Brunei, Bulgaria, Burkina Faso, Burundi, Cambodia, Cameroon, Canada,
Cape Verde, Central African Republic, Chad, Chile, China, Colombia, Comoros, Congo, Costa Rica, Croatia, Cuba,
Cyprus, Czech Republic, Czechia, Denmark, Djibouti, Dominica, Dominican Republic, East Timor, Ecuador, Egypt,
El Salvador, Equatorial Guinea, Eritrea, Estonia, Eswatini, Ethiopia, Fiji, Finland, France, Gabon, Gambia,
Georgia, Germany, Ghana, Greece, Grenada, Guatemala, Guinea, Guinea-Bissau, Guyana, Haiti, Honduras, Hungary,
Iceland, India, Indonesia, Iran, Iraq, Ireland, Israel, Italy, Ivory Coast, Jamaica, Japan, Jordan, Kazakhstan,
Kenya, Kiribati, Kosovo, Kuwait, Kyrgyzstan, Laos, Latvia, Lebanon, Lesotho, Liberia, Libya, Liechtenstein,
Lithuania, Luxembourg, Madagascar, Malawi, Malaysia, Maldives, Mali, Malta, Marshall Islands, Mauritania,
Mauritius, Mexico, Micronesia, Moldova, Monaco, Mongolia, Montenegro, Morocco, Mozambique, Myanmar, Burma,
Namibia, Nauru, Nepal, Netherlands, New Zealand, Nicaragua, Niger, Nigeria, North Korea, North Macedonia,
Norway, Oman, Pakistan, Palau, Palestine, Panama, Papua New Guinea, Paraguay, Peru, Philippines, Poland,
Portugal, Qatar, Romania, Russia, Rwanda, Saint Kitts and Nevis, Saint Lucia, Saint Vincent and the Grenadines,
Samoa, San Marino, Saudi Arabia, Senegal, Serbia, Seychelles, Sierra Leone, Singapore, Slovakia, Slovenia,
Solomon Islands, Somalia, South Africa, South Korea, South Sudan, Spain, Sri Lanka, Sudan, Suriname, Sweden,
Switzerland, Syria, Taiwan, Tajikistan, Tanzania, Thailand, Togo, Tonga, Trinidad and Tobago, Tunisia, Turkey,
Turkmenistan, Tuvalu, Uganda, Ukraine, United Arab Emirates, United Kingdom, United States, Uruguay, Uzbekistan,
Vanuatu, Vatican City, Venezuela, Vietnam, Yemen, Zambia, Zimbabwe, England, Scotland, Wales, Northern Ireland,
Soviet Union, Yugoslavia, Czechoslovakia, East Germany, West Germany, Prussia, Ottoman Empire,
Austria-Hungary, Korea""".split(","))
# The same countries under other names ("the US", "Britain").
_OTHER_NAMES = {"usa": "united states", "us": "united states", "u.s.": "united states", "america": "united states",
                "united states of america": "united states", "uk": "united kingdom", "britain": "united kingdom",
                "great britain": "united kingdom", "holland": "netherlands", "czechia": "czech republic",
                "ussr": "soviet union", "burma": "myanmar"}
_STATE_FORM = re.compile(r"^(?:the\s+)?(?:(?:federal|democratic|people's|socialist|islamic|arab|united|federative|"
                         r"plurinational|bolivarian|hashemite|cooperative)\s+)*(?:republic|kingdom|state|"
                         r"commonwealth|federation|principality|grand\s+duchy|sultanate|emirate)\s+of\s+(?:the\s+)?")


def country_named(name: str) -> str:
    """The country `name` names, in lower case and one spelling ("the US", "America": "united states";
    "the Republic of Zimbabwe": "zimbabwe"); "" for a city or a region."""
    name = _STATE_FORM.sub("", " ".join(name.lower().split())).removeprefix("the ")
    name = _OTHER_NAMES.get(name, name)
    return name if name in _COUNTRIES else ""


def is_country(name: str) -> bool:
    return bool(country_named(name))
