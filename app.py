"""The app's entry point: the pages in the navigation, named for people."""

import streamlit as st

from lightrag_core.accounts import Action
from pages.common import auth

st.set_page_config(page_title="Graph RAG workbench", page_icon=":material/hub:", layout="wide")
PAGES = [
    st.Page("pages/0_Home.py", title="Home", icon=":material/home:", default=True),
    # The URL paths the pages had before (links and bookmarks keep working).
    st.Page("pages/1_Upload.py", title="Upload", icon=":material/upload_file:", url_path="Upload"),
    st.Page("pages/2_Query.py", title="Query", icon=":material/chat:", url_path="Query"),
    st.Page("pages/3_Compare_modes.py", title="Compare modes", icon=":material/compare_arrows:",
            url_path="Compare_modes"),
    st.Page("pages/4_Graph_analytics.py", title="Graph analytics", icon=":material/hub:", url_path="Graph_analytics"),
    st.Page("pages/5_Review.py", title="Review", icon=":material/rate_review:", url_path="Review"),
    st.Page("pages/6_Ask_in_Cypher.py", title="Ask in Cypher", icon=":material/terminal:", url_path="Ask_in_Cypher"),
]
# The navigation lists only what the signed-in role may open (each page checks again itself).
st.navigation([p for p in PAGES if p.url_path != "Ask_in_Cypher" or auth.listed_everywhere(Action.CYPHER)]).run()
